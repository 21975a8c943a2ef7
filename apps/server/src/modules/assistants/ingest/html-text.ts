/**
 * HTML → structured plain text with a real parser (parse5, the WHATWG algorithm), walked
 * without recursion: headings become `#` lines, blocks paragraphs, list items `- ` lines,
 * table cells ` | `; scripts, styles and templates vanish. Replaces the regular expressions
 * whose lazy matches went quadratic on 40,000 unclosed `<h1>` (issue 24).
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { normalise } from './normalise';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head']);
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'ul', 'ol', 'table', 'tr', 'blockquote', 'pre', 'header', 'footer', 'main', 'nav']);
const HEADING = /^h([1-6])$/;

/** Text inside a heading is gathered on one line. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function htmlToText(html: string): string {
  const out: string[] = [];
  /** Open headings: where their text started in `out`, and their level. */
  const headings: { at: number; level: number }[] = [];
  // An explicit stack of work: a node to enter, or the end of an element to close.
  const stack: ({ node: Node } | { close: string })[] = [{ node: parse(html) }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    if ('close' in item) {
      const tag = item.close;
      const heading = HEADING.exec(tag);
      if (heading) {
        const open = headings.pop();
        if (open) out.splice(open.at, out.length - open.at, `\n\n${'#'.repeat(open.level)} ${flat(out.slice(open.at).join(''))}\n\n`);
      } else if (BLOCKS.has(tag)) out.push('\n\n');
      else if (tag === 'td' || tag === 'th') out.push(' | ');
      continue;
    }
    const { node } = item;
    if (node.nodeName === '#text') {
      out.push((node as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (!('childNodes' in node)) continue;
    const tag = 'tagName' in node ? node.tagName : '';
    if (HIDDEN.has(tag)) continue;
    const heading = HEADING.exec(tag);
    if (heading) headings.push({ at: out.length, level: Number(heading[1]) });
    else if (tag === 'li') out.push('\n- ');
    else if (tag === 'br') out.push('\n');
    else if (tag !== '') out.push(' ');
    stack.push({ close: tag });
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) {
      const child = node.childNodes[i];
      if (child) stack.push({ node: child });
    }
  }
  // Indentation in HTML source is markup, not text.
  return normalise(out.join('').replace(/^[ \t]+/gm, ''));
}
