import { describe, expect, it } from 'vitest';
import { assistantFileExtension, FILE_REFUSAL_REASONS, fileExtension, fileRefusalMessage, readFileRefusal } from './assistants-schemas';

describe('assistant file names (one reading for the browser and the server)', () => {
  it('reads the last extension, lower-cased, ignoring surrounding spaces', () => {
    expect(fileExtension('Report.DOCX')).toBe('docx');
    expect(fileExtension('notes.pdf ')).toBe('pdf');
    expect(fileExtension('archive.pdf.zip')).toBe('zip');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.md.')).toBe('');
  });

  it('names an accepted kind or none', () => {
    expect(assistantFileExtension('a.b.Markdown')).toBe('markdown');
    expect(assistantFileExtension('page.htm')).toBe('htm');
    expect(assistantFileExtension('setup.exe')).toBeUndefined();
    expect(assistantFileExtension('photo.jpeg')).toBeUndefined();
  });
});

describe('file refusals (said by the server in English, by the page in its language)', () => {
  it('reads back the file and reason of every refusal message, names with colons too', () => {
    for (const reason of FILE_REFUSAL_REASONS) {
      expect(readFileRefusal(fileRefusalMessage('Notes: draft.txt', reason))).toEqual({ name: 'Notes: draft.txt', reason });
    }
    expect(readFileRefusal('A file is larger than 25 MB')).toBeUndefined();
    expect(readFileRefusal(': the file is empty')).toBeUndefined();
  });
});
