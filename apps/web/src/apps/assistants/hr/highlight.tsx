import type { ReactNode } from 'react';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A passage as a reader sees it: Markdown heading marks ("## Skills") taken off their lines (issue 25 item 23). */
export function passageText(text: string): string {
  return text.replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '');
}

/**
 * The text with every mention of a skill marked (`<mark>`), as React nodes: the passage is
 * never injected as HTML, so nothing in a document can run or restyle the page.
 */
export function highlightSkills(text: string, skills: readonly string[]): ReactNode[] {
  const phrases = skills.filter((s) => s.trim() !== '').map((s) => s.trim().split(/\s+/).map(escape).join('\\s+'));
  if (phrases.length === 0) return [text];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${phrases.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    out.push(<mark key={at}>{match[0]}</mark>);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
