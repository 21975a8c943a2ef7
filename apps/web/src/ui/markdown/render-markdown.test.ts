import { describe, expect, it } from 'vitest';
import { renderMarkdown, shiftHeadings } from './render-markdown';

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('renderMarkdown', () => {
  it('renders the editor constructs', () => {
    const root = dom(renderMarkdown('# One\n\n## Two\n\n### Three\n\n**b** *i*\n\n> quote\n\n- a\n- b\n\n1. x\n2. y'));
    expect(root.querySelector('h1')?.textContent).toBe('One');
    expect(root.querySelector('h2')?.textContent).toBe('Two');
    expect(root.querySelector('h3')?.textContent).toBe('Three');
    expect(root.querySelector('strong')?.textContent).toBe('b');
    expect(root.querySelector('em')?.textContent).toBe('i');
    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('quote');
    expect(root.querySelectorAll('ul li')).toHaveLength(2);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
  });

  it('removes scripts, event handlers and dangerous elements', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n<div onclick="alert(3)">hi</div>\n\n<iframe src="https://evil.example"></iframe>\n\n<svg onload="alert(4)"></svg>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|onload|<iframe|alert/i);
    expect(dom(html).textContent).toContain('hi');
  });

  it('drops javascript: and data: links but keeps http links, opened safely', () => {
    const root = dom(renderMarkdown('[bad](javascript:alert(1)) [worse](JaVaScRiPt:alert(1)) <a href="data:text/html,x">d</a> [good](https://example.org)'));
    const links = [...root.querySelectorAll('a')];
    for (const link of links) expect(link.getAttribute('href') ?? '').not.toMatch(/^(javascript|data):/i);
    const good = links.find((link) => link.textContent === 'good');
    expect(good?.getAttribute('href')).toBe('https://example.org');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(good?.getAttribute('target')).toBe('_blank');
  });

  it('escapes nothing it should keep: plain text stays text', () => {
    expect(dom(renderMarkdown('a < b & c')).textContent?.trim()).toBe('a < b & c');
  });
});

describe('renderMarkdown: other users cannot style the page or load images from elsewhere (issue 24 item 9)', () => {
  it('strips style attributes, so no link can cover the page', () => {
    const root = dom(renderMarkdown('<a href="https://phish.example" style="position:fixed;inset:0;z-index:9999">Log in again</a>\n\n<p style="color:red">text</p>'));
    expect(root.innerHTML).not.toMatch(/style=/i);
    expect(root.querySelector('a')?.textContent).toBe('Log in again');
    expect([...root.querySelectorAll('p')].map((p) => p.textContent)).toContain('text');
  });

  it('turns an image of another site into a link to it, loading nothing', () => {
    const root = dom(renderMarkdown('![chart](https://tracker.example/pixel.png?user=42) and <img src="//cdn.example/x.png" alt="">'));
    expect(root.querySelectorAll('img')).toHaveLength(0);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['chart', '//cdn.example/x.png']);
    expect(links[0]?.getAttribute('href')).toBe('https://tracker.example/pixel.png?user=42');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[1]?.hasAttribute('href')).toBe(false);
  });

  it('keeps images of this site (uploads)', () => {
    const root = dom(renderMarkdown(`![photo](/uploads/abc123) ![same](${window.location.origin}/uploads/def456)`));
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['photo', 'same']);
  });
});

describe('shiftHeadings: Markdown under a page h1 adds no second h1 (issue 26)', () => {
  it('moves each heading down one level, keeps h6, and leaves escaped text alone', () => {
    const html = shiftHeadings(renderMarkdown('# Consent\n\n## Data\n\n###### Small\n\nSee <h1> in text'), 1);
    expect(html).toContain('<h2');
    expect(html).toContain('</h2>');
    expect(html).toContain('<h3');
    expect(html).toMatch(/<h6[^>]*>Small<\/h6>/);
    expect(html).not.toMatch(/<h1[\s>]/);
    expect(shiftHeadings('<h1>A</h1>', 0)).toBe('<h1>A</h1>');
  });
});
