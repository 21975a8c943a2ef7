/**
 * Danish beside English in the full-text index (issue 25 item 20, ADR 053). A chunk's language
 * is told from its function words when it is indexed; a Danish chunk is indexed with Snowball's
 * Danish stems (PostgreSQL: the 'danish' text search configuration; SQLite: the `stemmed`
 * column, which FTS5 indexes instead of the text), an English one as before (porter / 'english').
 * A question is searched with its words and their Danish stems, so it finds chunks of either.
 */
import { newStemmer } from 'snowball-stemmers';

export type ChunkLanguage = 'english' | 'danish';

const DANISH = new Set(
  'af alle andet at blev bliver da de dem den denne der deres det dette dig din dit du efter eller en end er et fra ham han hans har havde hende hendes her hos hun hvad hvis hvor ikke ind jeg jer jo kan kunne man med meget men mig min mit mod ned noget nogle nu når og også om op os over på sig sin sit skal skulle som så til ud under var vi vil ville være været'.split(' '),
);
const ENGLISH = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to was we were what when where which who why will with would you your'.split(' '),
);

const danish = newStemmer('danish');
const porter = newStemmer('porter');

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function counts(text: string): { da: number; en: number } {
  let da = 0;
  let en = 0;
  for (const word of wordsOf(text)) {
    if (DANISH.has(word) || /[æøå]/.test(word)) da += 1;
    if (ENGLISH.has(word)) en += 1;
  }
  return { da, en };
}

/** Danish when its Danish function words outnumber its English ones (letters æ, ø, å count as a Danish word each). */
export function detectLanguage(text: string): ChunkLanguage {
  const { da, en } = counts(text);
  return da > en ? 'danish' : 'english';
}

/**
 * A question is searched in Danish stems too unless it is plainly English (more English function
 * words than Danish): "studieleder" alone may be Danish; "what is the leave policy" is not, and
 * stems of English words in Danish would only add noise to its ranking.
 */
export function mayBeDanish(question: string): boolean {
  const { da, en } = counts(question);
  return da >= en;
}

/** A word's Danish Snowball stem. */
export function danishStem(word: string): string {
  return danish.stem(word.toLowerCase());
}

/**
 * The columns a chunk is inserted with: its language and, for a Danish chunk, its heading and
 * text as Danish stems (SQLite's FTS5 indexes them instead of the text; its porter tokenizer
 * leaves a stem it is given alone or stems it the same way for the question).
 */
export function searchColumns(heading: string | null, text: string): { language: ChunkLanguage; stemmed: string | null } {
  const language = detectLanguage(`${heading ?? ''} ${text}`);
  if (language === 'english') return { language, stemmed: null };
  return { language, stemmed: wordsOf(`${heading ?? ''} ${text}`).map(danishStem).join(' ') };
}

/**
 * The question's terms for SQLite's FTS5 (porter): each term, and, unless the question is plainly
 * English, its Danish stem where that differs from what porter makes of the term.
 */
export function withDanishStems(terms: readonly string[], question: string): string[] {
  const out = new Set(terms);
  if (!mayBeDanish(question)) return [...out];
  for (const term of terms) {
    const stem = danishStem(term);
    if (porter.stem(stem) !== porter.stem(term)) out.add(stem);
  }
  return [...out];
}
