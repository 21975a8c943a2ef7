import { describe, expect, it } from 'vitest';
import { criticalCss, pageTokens } from './critical-css';
import { variantMarkup } from './prerender';

const PAGE = '<html data-mantine-color-scheme="light"><div class="m_a mantine-Button-root" data-variant="filled"><span class="m_b">x</span></div>';

describe('critical CSS of a prerendered page', () => {
  const tokens = pageTokens(PAGE);

  it('collects the classes and the attributes with their values', () => {
    expect([...tokens.classes].sort()).toEqual(['m_a', 'm_b', 'mantine-Button-root']);
    expect([...(tokens.attributes.get('data-variant') ?? [])]).toEqual(['filled']);
    expect([...(tokens.attributes.get('data-mantine-color-scheme') ?? [])]).toEqual(['light']);
  });

  it('keeps what the markup can use and drops rules naming absent classes, values or :host', () => {
    const css = [
      ':root{--x:1px}',
      ':root[data-mantine-color-scheme=light]{--c:#fff}',
      ':root[data-mantine-color-scheme=dark]{--c:#000}',
      ':host([data-mantine-color-scheme=dark]){--c:#000}',
      '.m_a{color:red}',
      '.m_a:hover .m_b{color:blue}',
      '.m_a[data-variant=filled]{color:green}',
      '.m_a[data-variant=outline]{color:pink}',
      '.m_z{color:orange}',
      '.m_a:where([data-disabled]){color:gray}',
      '@media (min-width:48em){.m_b{margin:0}.m_z{margin:1px}}',
      'body{margin:0}',
    ].join('');
    const kept = criticalCss(css, tokens);
    for (const part of ['--x:1px', '--c:#fff', 'color:red', 'color:#00f', 'color:green', 'color:gray', '.m_b{margin:0}', 'body{margin:0}']) {
      expect(kept).toContain(part);
    }
    for (const part of ['#000', 'pink', 'orange', 'margin:1px']) expect(kept).not.toContain(part);
  });
});

describe('width variants', () => {
  it('one variant: no rules', () => {
    expect(variantMarkup([{ minWidth: null, html: '<p>a</p>' }])).toEqual({ body: '<div data-chi-width="0"><p>a</p></div>', css: '' });
  });

  it('two variants: the second shown from its breakpoint on', () => {
    const { body, css } = variantMarkup([
      { minWidth: null, html: '<p>phone</p>' },
      { minWidth: { px: 1000, css: '62.5em' }, html: '<p>desktop</p>' },
    ]);
    expect(body).toBe('<div data-chi-width="0"><p>phone</p></div><div data-chi-width="1"><p>desktop</p></div>');
    expect(css).toBe(
      '[data-chi-width="0"]{display:block}[data-chi-width="1"]{display:none}\n' +
        '@media (min-width:62.5em){[data-chi-width="0"]{display:none}[data-chi-width="1"]{display:block}}',
    );
  });
});
