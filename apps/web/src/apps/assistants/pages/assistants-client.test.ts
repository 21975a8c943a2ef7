import { describe, expect, it } from 'vitest';
import { assistants } from '@chi/contract';
import { ACCEPTED_FILES, isAcceptedFile, newPipeName } from './assistants-client';

describe('assistants client', () => {
  it('makes pipe names the server accepts, different every time', () => {
    const names = new Set(Array.from({ length: 50 }, newPipeName));
    expect(names.size).toBe(50);
    for (const name of names) expect(assistants.PIPE_NAME_PATTERN.test(name)).toBe(true);
  });
  it('offers exactly the file types the server indexes', () => {
    expect(ACCEPTED_FILES).toBe('.pdf,.docx,.txt,.md,.markdown,.html,.htm,.csv,.json');
  });
  it('tells a file the server indexes by its extension, in any case', () => {
    for (const name of ['notes.PDF', 'a.b.md', 'Report.docx', 'data.json']) expect(isAcceptedFile(name), name).toBe(true);
    for (const name of ['setup.exe', 'README', 'archive.pdf.zip', '.md.', 'photo.jpeg']) expect(isAcceptedFile(name), name).toBe(false);
  });
});
