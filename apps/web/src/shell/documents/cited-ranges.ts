/**
 * Which part of a cited passage an answer's statement rests on (issue 25 item 21): the chunk
 * modal marks it. The statement is the answer's text before the marker `[n]` (back to the
 * previous sentence end, marker or line); the passage's sentences that share most of their
 * words with it are marked: every sentence it quotes whole (an extractive answer quotes whole
 * sentences), else the one sentence it shares most words with, if at least two.
 */

/** A sentence shares enough words to count as quoted at this share of its own words. */
const QUOTED_SHARE = 0.8;
const MIN_SHARED = 2;

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 || /\d/.test(w)));
}

/** The answer's statements cited with `[n]`. */
export function citedStatements(answer: string, n: number): string[] {
  const out: string[] = [];
  const marker = new RegExp(`\\[${n}\\]`, 'g');
  for (let m = marker.exec(answer); m !== null; m = marker.exec(answer)) {
    const before = answer.slice(0, m.index);
    // Back to the previous marker, line break, or sentence end followed by a space.
    const starts = [before.lastIndexOf('\n'), before.search(/\[\d+\][^[]*$/), ...[...before.matchAll(/[.!?…]\s/g)].map((s) => s.index)];
    const start = Math.max(...starts.filter((i) => i >= 0 && i < before.trimEnd().length - 1), -1);
    const statement = before.slice(start + 1).replace(/\[\d+\]/g, '').replace(/^[\s>*_-]+|[\s*_]+$/g, '');
    if (statement !== '') out.push(statement);
  }
  return out;
}

/** Sentences of a passage with their offsets. */
function sentences(text: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  const re = /[^.!?…\n]+(?:[.!?…]+(?=\s|$)|[.!?…]+[^\s.!?…\n][^.!?…\n]*)*[.!?…]*/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const lead = m[0].length - m[0].trimStart().length;
    const body = m[0].trim();
    if (body !== '') out.push({ start: m.index + lead, end: m.index + lead + body.length, text: body });
  }
  return out;
}

/** The character ranges of `text` to mark for the statements cited with `[n]` in `answer`. */
export function citedRanges(text: string, answer: string, n: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (const statement of citedStatements(answer, n)) {
    const said = words(statement);
    const scored = sentences(text).map((s) => {
      const own = words(s.text);
      const shared = [...own].filter((w) => said.has(w)).length;
      return { ...s, shared, share: own.size === 0 ? 0 : shared / own.size };
    });
    const quoted = scored.filter((s) => s.shared >= MIN_SHARED && s.share >= QUOTED_SHARE);
    const best = [...scored].sort((a, b) => b.shared - a.shared)[0];
    const chosen = quoted.length > 0 ? quoted : best && best.shared >= MIN_SHARED ? [best] : [];
    for (const s of chosen) if (!ranges.some(([a, b]) => a === s.start && b === s.end)) ranges.push([s.start, s.end]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
