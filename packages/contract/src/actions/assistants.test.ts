import { describe, expect, it } from 'vitest';
import { assistantFileExtension, fileExtension } from './assistants-schemas';

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
