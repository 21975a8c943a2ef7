/**
 * A passage's quotable sentences (issue 25 item 19): the extractive answer quotes whole
 * sentences only. Headings (Markdown `#` lines, and short lines without a sentence end that
 * stand alone, like a PDF's "Participant Consent Procedure") and list markers ("7.", "1)", "-")
 * are never sentences, and a sentence ends only at `.`, `!`, `?` or `…` followed by white space
 * or the end of the text, so an address, a number or a file name ("ethics@chi.dk", "2.5",
 * "form.pdf") is never cut.
 */

/** A line with at most this many words and no sentence end, standing alone, is a heading. */
const HEADING_MAX_WORDS = 8;
/** A sentence needs at least this many words with a letter in them ("7." or "Q." is not one). */
const MIN_WORDS = 2;

const LIST_MARKER = /^(?:[-*•▪◦–]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)](?=\s))\s+/;
/** A list marker left at the end of a sentence by the next item ("… Procedure 1."). */
const TRAILING_MARKER = /\s+\(?\d{1,3}[.)]$/;
const ENDS_SENTENCE = /[.!?…:;]["'’”)\]]*$/;

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'af', 'og', 'i', 'til', 'med', 'på', 'for', 'om']);

/** "Participant Consent Procedure", "Kontakt og Etik": every word capitalised but small words. */
function isTitle(text: string): boolean {
  const ws = words(text);
  return ws.length > 0 && ws.length <= HEADING_MAX_WORDS && ws.every((w) => /^\P{Ll}/u.test(w) || SMALL_WORDS.has(w));
}

/** Blocks of text: paragraphs and list items, without headings or list markers. */
function blocks(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const out: string[] = [];
  let current = '';
  const end = () => {
    if (current !== '') out.push(current);
    current = '';
  };
  lines.forEach((line, i) => {
    if (line === '' || /^#{1,6}\s/.test(line) || /^[-=_*]{3,}$/.test(line)) return end();
    const isItem = LIST_MARKER.test(line);
    const body = line.replace(LIST_MARKER, '').trim();
    const next = lines[i + 1] ?? '';
    const standsAlone = next === '' || LIST_MARKER.test(next) || /^#{1,6}\s/.test(next);
    // A short line without a sentence end that starts a block and stands alone (or is in title case) is a heading.
    const heading = !isItem && current === '' && !ENDS_SENTENCE.test(body) && words(body).length <= HEADING_MAX_WORDS && (standsAlone || isTitle(body));
    if (heading) return;
    if (isItem) end();
    current = current === '' ? body : `${current} ${body}`;
    if (isItem) end();
  });
  end();
  return out;
}

/** Abbreviations and initials whose full stop does not end a sentence. */
const ABBREVIATION = /(?:^|\s)(?:e\.g|i\.e|bl\.a|dvs|fx|ca|nr|Dr|Mr|Mrs|Ms|St|[A-Z])\.$/;

/** Splits one block at sentence ends followed by white space. */
function splitBlock(block: string): string[] {
  const text = block.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  let start = 0;
  const re = /[.!?…]+["'’”)\]]*(?=\s)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = m.index + m[0].length;
    const piece = text.slice(start, end);
    if (ABBREVIATION.test(piece) && !LIST_MARKER.test(`${piece.trim()} `)) continue;
    out.push(piece.trim());
    start = end;
  }
  out.push(text.slice(start).trim());
  return out;
}

/** Cleans a piece: a leading list marker removed; a marker alone, or a heading run into the next item ("Procedure 1."), dropped. */
function clean(piece: string): string | null {
  const sentence = piece.replace(LIST_MARKER, '').trim();
  if (words(sentence).length < MIN_WORDS) return null;
  if (TRAILING_MARKER.test(sentence) && isTitle(sentence.replace(TRAILING_MARKER, ''))) return null;
  return sentence;
}

/** The passage's sentences, in order. */
export function sentencesOf(text: string): string[] {
  return blocks(text)
    .flatMap(splitBlock)
    .map(clean)
    .filter((s): s is string => s !== null);
}

/** Shortens a text to at most `max` characters at a word boundary, marked with an ellipsis: never inside a token. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.search(/\s\S*$/);
  return `${(space > 0 ? head.slice(0, space) : text.slice(0, max)).trimEnd()} …`;
}
