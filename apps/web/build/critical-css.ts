/**
 * The part of a stylesheet a prerendered page can use (ADR 023): every rule except those whose
 * selectors all name a class or an attribute that appears nowhere in the page's HTML. It is a
 * safe over-approximation (a kept rule may still match nothing; no rule the page needs is
 * dropped), cheap enough to run on every page at build time. The page inlines only this part;
 * the full stylesheets load right after the first paint (src/main.tsx), before the live page
 * replaces the static one, so nothing the live page draws goes without its styles.
 */
import { transform, type Selector, type SelectorList } from 'lightningcss';

export interface PageTokens {
  classes: Set<string>;
  /** Attribute name → every value it has in the page. */
  attributes: Map<string, Set<string>>;
}

const TAG = /<[a-zA-Z][^>]*>/g;
const ATTRIBUTE = /\s([^\s=>/"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/** Every class name and attribute name used in the markup. */
export function pageTokens(html: string): PageTokens {
  const classes = new Set<string>();
  const attributes = new Map<string, Set<string>>();
  for (const [tag] of html.matchAll(TAG)) {
    for (const [, name = '', rawValue] of tag.replace(/^<[a-zA-Z][^\s>/]*/, '').matchAll(ATTRIBUTE)) {
      const attribute = name.toLowerCase();
      const value = (rawValue ?? '').replace(/^["']|["']$/g, '');
      const values = attributes.get(attribute) ?? new Set<string>();
      values.add(value);
      attributes.set(attribute, values);
      if (attribute === 'class') for (const c of value.split(/\s+/)) if (c) classes.add(c);
    }
  }
  return { classes, attributes };
}

/**
 * Whether a selector may match in the page: every class and attribute it names (outside
 * :is/:where/:not/:host()) occurs there, an attribute compared with `=` with that value.
 */
export function selectorMayMatch(selector: Selector, tokens: PageTokens): boolean {
  return selector.every((component) => {
    if (component.type === 'class') return tokens.classes.has(component.name);
    // The page has no shadow roots: `:host` never matches in it.
    if (component.type === 'pseudo-class' && component.kind === 'host') return false;
    if (component.type === 'attribute') {
      const values = tokens.attributes.get(component.name.toLowerCase());
      if (!values) return false;
      // `[name=value]` (case-sensitive) needs that very value; other operators only the attribute.
      const operation = component.operation;
      if (operation?.operator === 'equal' && operation.caseSensitivity !== 'ascii-case-insensitive') return values.has(operation.value);
      return true;
    }
    return true;
  });
}

function anyMayMatch(selectors: SelectorList, tokens: PageTokens): boolean {
  return selectors.some((s) => selectorMayMatch(s, tokens));
}

/** The stylesheet without the rules that cannot match the page. */
export function criticalCss(css: string, tokens: PageTokens): string {
  const { code } = transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    // Keep the stylesheet's own syntax: no lowering for older browsers here.
    visitor: {
      Rule: {
        style(rule) {
          // Nothing returned: the rule stays as it is.
          if (!anyMayMatch(rule.value.selectors, tokens)) return [];
        },
      },
    },
  });
  return code.toString();
}
