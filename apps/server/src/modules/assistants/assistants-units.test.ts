/** Pure parts of the assistants: the policy per role, chunking, marker resolution, the extractive excerpt and the file-type check. */
import { describe, expect, it } from 'vitest';
import { APP_ADMIN_FLAG, DEVOP_FLAG } from '@chi/contract';
import type { assistants } from '@chi/contract';
import { canCreate, canManageAssistant, canManageThread, canReadThread, canUseAssistant, canWriteThread } from './assistants.policy';
import { resolveCitations } from './answer/citations';
import { bestExcerpt } from './answer/extractive';
import { chunkText } from './ingest/chunker';
import { detectFileType } from './ingest/file-type';
import { csvToText, htmlToText } from './ingest/parsers';
import { queryTerms } from '../retrieval/retrieval';

const owner = { id: 'o' };
const other = { id: 'x' };
const guest = { id: 'g', isGuest: true };
const admin = { id: 'a', [APP_ADMIN_FLAG]: true };
const devOp = { id: 'd', [DEVOP_FLAG]: true };

describe('assistants policy', () => {
  const draft = { owner_id: 'o', published: 0, kind: 'custom' };
  const published = { ...draft, published: 1 };
  const teaching = { owner_id: 'o', published: 1, kind: 'teaching' };
  it('lets the owner and managers manage; everyone logged in uses a published one', () => {
    expect([owner, other, admin, devOp, null].map((u) => canManageAssistant(u, draft))).toEqual([true, false, true, true, false]);
    expect([owner, other, guest, null].map((u) => canUseAssistant(u, draft))).toEqual([true, false, false, false]);
    expect([owner, other, guest, null].map((u) => canUseAssistant(u, published))).toEqual([true, true, true, false]);
    expect([owner, guest, null].map(canCreate)).toEqual([true, false, false]);
  });
  it('keeps threads private, except to a teaching assistant’s instructor and managers, or when published', () => {
    const studentThread = { owner_id: 'x', published: 0 };
    expect(canReadThread(owner, studentThread, teaching)).toBe(true);
    expect(canReadThread(owner, studentThread, published)).toBe(false);
    expect(canReadThread(admin, studentThread, published)).toBe(true);
    expect(canReadThread(guest, { ...studentThread, published: 1 }, published)).toBe(true);
    expect(canWriteThread(owner, studentThread, teaching)).toBe(false);
    expect(canWriteThread(other, studentThread, teaching)).toBe(true);
    expect(canWriteThread(other, studentThread, draft)).toBe(false);
    expect([owner, other, admin].map((u) => canManageThread(u, studentThread))).toEqual([false, true, true]);
  });
});

describe('chunking', () => {
  it('starts a chunk at each heading, keeps offsets that point at the text, and overlaps long sections', () => {
    const para = (n: number) => `Paragraph ${n} ${'word '.repeat(60).trim()}.`;
    const text = `# Intro\n\n${para(1)}\n\n${para(2)}\n\n# Methods\n\n${[3, 4, 5, 6, 7].map(para).join('\n\n')}`;
    const chunks = chunkText(text, undefined, { maxTokens: 200, overlapTokens: 100 });
    expect(chunks[0]?.heading).toBe('Intro');
    expect(chunks.every((c) => text.slice(c.start, c.end) === c.text)).toBe(true);
    const methods = chunks.filter((c) => c.heading === 'Methods');
    expect(methods.length).toBeGreaterThan(1);
    expect(methods[0]?.text.startsWith('# Methods')).toBe(true);
    // Overlap: the next chunk starts with the last paragraph of the one before.
    const lastOfFirst = methods[0]?.text.split('\n\n').at(-1) ?? '';
    expect(methods[1]?.text.startsWith(lastOfFirst)).toBe(true);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });
  it('splits a block longer than the budget at sentence ends and never makes an empty or repeated-tail chunk', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkText(text, undefined, { maxTokens: 50, overlapTokens: 10 });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => c.text.length <= 200 && c.text.length > 0)).toBe(true);
    expect(chunks.every((c) => /\.$/.test(c.text))).toBe(true);
    expect(chunkText('')).toEqual([]);
  });
  it('gives each chunk the page it is on', () => {
    const chunks = chunkText('Page one text.\n\nPage two text.', [0, 16]);
    expect(chunks.map((c) => [c.page, c.text])).toEqual([[1, 'Page one text.'], [2, 'Page two text.']]);
  });
});

describe('references', () => {
  const ref = (n: number) => ({ n, text: `t${n}` }) as assistants.Reference;
  it('keeps markers that map to a retrieved passage and drops the others before saving', () => {
    const out = resolveCitations('A [1], B [3] and C [2].', [ref(1), ref(2)]);
    expect(out.content).toBe('A [1], B and C [2].');
    expect(out.references.map((r) => r.n)).toEqual([1, 2]);
    expect(resolveCitations('No markers.', [ref(1)]).references).toEqual([]);
  });
});

describe('text helpers', () => {
  it('quotes the sentences that match the question, in order, without headings', () => {
    expect(bestExcerpt('# Leave\n\nCats sleep. Staff get 25 days of leave. Dogs bark.', 'how many days of leave')).toBe('Staff get 25 days of leave.');
  });
  it('reads query words only, so no search syntax reaches the index', () => {
    expect(queryTerms('"NEAR(a b)" OR col:x* -- ÆØÅ 2024')).toEqual(['near', 'col', 'æøå', '2024']);
    expect(queryTerms('what is the')).toEqual(['what', 'is', 'the']);
  });
  it('turns HTML and CSV into structured text', () => {
    expect(htmlToText('<h2>T</h2><p>a &lt; b</p><style>x{}</style><ul><li>one</li></ul>')).toBe('## T\n\na < b\n\n- one');
    expect(csvToText('a,b\n"1, x",2')).toBe('a: 1, x; b: 2');
  });
  it('checks content against the name', () => {
    expect(detectFileType('a.pdf', Buffer.from('%PDF-1.4'))).toMatchObject({ kind: 'pdf' });
    expect(detectFileType('a.docx', Buffer.from('%PDF-1.4'))).toEqual({ refused: 'a.docx: this is not a DOCX file', name: 'a.docx', reason: 'notDocx' });
    expect(detectFileType('a.md', Buffer.from([0xff, 0xfe]))).toEqual({ refused: 'a.md: this is not a UTF-8 text file', name: 'a.md', reason: 'notText' });
    expect(detectFileType('a.svg', Buffer.from('<svg/>'))).toHaveProperty('refused');
  });
});
