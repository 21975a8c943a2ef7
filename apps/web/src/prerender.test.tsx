import { describe, expect, it } from 'vitest';
import { matchesWidth, prerenderPages, renderVariants, type Breakpoint } from './prerender';

describe('matchesWidth (the prerender’s matchMedia)', () => {
  it.each([
    ['(min-width: 62.5em)', 999, false],
    ['(min-width: 62.5em)', 1000, true],
    ['(max-width: 48em)', 768, true],
    ['(max-width: 48em)', 769, false],
    ['screen and (min-width: 600px) and (max-width: 800px)', 700, true],
    ['(min-width: 600px) and (max-width: 800px)', 900, false],
    ['(prefers-reduced-motion: reduce)', 500, false],
    ['(hover: hover) and (min-width: 10px)', 500, false],
  ])('%s at %d px → %s', (query, width, expected) => {
    const seen: Breakpoint[] = [];
    expect(matchesWidth(query, width, seen)).toBe(expected);
  });

  it('records the breakpoints a query names, in px and as written', () => {
    const seen: Breakpoint[] = [];
    matchesWidth('(min-width: 62.5em)', 0, seen);
    expect(seen).toEqual([{ px: 1000, css: '62.5em' }]);
  });
});

describe('renderVariants', () => {
  it('renders the delphi landing page in Danish once per width class the header asks about', async () => {
    const variants = await renderVariants('delphi', '/', 'dk');
    expect(variants.map((v) => v.minWidth?.css ?? null)).toEqual([null, '62.5em']);
    const [phone, desktop] = variants.map((v) => v.html);
    for (const html of [phone, desktop]) expect(html).toContain('Undersøgelse med kognitive spil</h1>');
    // The phone's header has the burger; the desktop's the language switch and no burger.
    expect(phone).toContain('mantine-Burger-root');
    expect(phone).not.toContain('<select');
    expect(desktop).not.toContain('mantine-Burger-root');
    expect(desktop).toContain('<select');
    // The signed-out visitor's first render: Log in, no user.
    expect(phone).toContain('Log ind');
    // The test's own window is back after the render.
    expect(typeof window.document).toBe('object');
  });

  it("renders the api host's landing page at /api with its first cards from the contract, no loader (ADR 040)", async () => {
    const [first] = await renderVariants('api', '/api', 'en');
    expect(first?.html).toContain('API pages</h1>');
    expect(first?.html).toContain('/api/v1/health');
    // The live page's first render holds the same first six cards; the rest come after the intent.
    expect(first?.html.match(/<article/g)).toHaveLength(6);
    expect(first?.html).not.toContain('mantine-Loader-root');
  });
});

describe('prerenderPages: the static login dialog (ADR 075)', () => {
  it('carries the login dialog in the page’s language, named, with labelled fields, in a native dialog', async () => {
    // The build renders in Node (no document: a visitor's page); this test's jsdom says so by the mark.
    document.body.innerHTML = '<div id="root" data-prerendered="showcase /"></div>';
    const [page] = await prerenderPages([{ app: 'showcase', path: '/' }], ['dk']);
    const dialogs = page?.dialogs ?? '';
    const doc = new DOMParser().parseFromString(`<body>${dialogs}</body>`, 'text/html');
    const dialog = doc.querySelector('dialog[data-chi-static-dialog="login"]');
    expect(dialog).not.toBeNull();
    expect(dialog?.hasAttribute('open')).toBe(false);
    const title = doc.getElementById(dialog?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Log ind');
    expect(doc.querySelectorAll('[role="dialog"]')).toHaveLength(0);
    const email = doc.querySelector<HTMLInputElement>('input[type="email"]');
    expect(doc.querySelector(`label[for="${email?.id}"]`)?.textContent).toContain('E-mail');
    expect(doc.querySelector('input[type="password"]')).not.toBeNull();
    expect(doc.querySelector('form button[type="submit"]')).not.toBeNull();
    expect(page?.variants.some((v) => v.html.includes('data-chi-static-answer="login"'))).toBe(true);
  });
});
