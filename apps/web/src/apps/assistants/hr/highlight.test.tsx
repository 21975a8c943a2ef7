import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { highlightSkills } from './highlight';

function marked(text: string, skills: string[]): { html: string; marks: string[] } {
  const { container } = render(<p>{highlightSkills(text, skills)}</p>);
  return { html: container.innerHTML, marks: [...container.querySelectorAll('mark')].map((m) => m.textContent ?? '') };
}

describe('highlightSkills', () => {
  it('marks whole mentions of each skill, whatever the case, and not parts of longer words', () => {
    expect(marked('Python, machine   learning and Dockerfiles; also docker.', ['python', 'Machine learning', 'Docker']).marks).toEqual(['Python', 'machine   learning', 'docker']);
  });

  it('renders the passage as text: markup in a document stays text', () => {
    const { html, marks } = marked('<img src=x onerror=alert(1)> uses C++', ['C++']);
    expect(marks).toEqual(['C++']);
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('<img');
  });
});
