import { describe, expect, it } from 'vitest';
import { passageText } from './highlight';
import { skillFilter } from './skill-filter';

const options = ['Rust', 'Docker', 'R', 'Python', 'Jupyter', 'Typhoon'].map((value) => ({ value, label: value }));
const shown = (search: string) => skillFilter({ options, search, limit: 8 }).map((o) => ('value' in o ? o.value : ''));

describe('skill suggestions', () => {
  it('puts the exact skill first, then those that start with what is typed, then the rest that contain it', () => {
    expect(shown('Pyth')).toEqual(['Python']);
    expect(shown('r')).toEqual(['R', 'Rust', 'Docker', 'Jupyter']);
    expect(shown('yth')).toEqual(['Python']);
    expect(shown('')).toEqual(['Rust', 'Docker', 'R', 'Python', 'Jupyter', 'Typhoon']);
  });
  it('shows a passage without Markdown heading marks', () => {
    expect(passageText('# Data Scientist\n\n## Skills\n\n- Python\n- R')).toBe('Data Scientist\n\nSkills\n\n- Python\n- R');
  });
});
