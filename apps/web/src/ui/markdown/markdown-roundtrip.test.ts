import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { markdownExtensions } from './markdown-extensions';

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function roundTrip(markdown: string): string {
  const editor = new Editor({ extensions: markdownExtensions(), content: markdown, contentType: 'markdown' });
  editors.push(editor);
  return editor.getMarkdown().trim();
}

describe('Markdown in and out of the editor', () => {
  it.each([
    ['heading 1', '# Title'],
    ['heading 2', '## Section'],
    ['heading 3', '### Part'],
    ['bold', '**strong** words'],
    ['italic', '*leaning* words'],
    ['quote', '> a quote'],
    ['bullet list', '- one\n- two'],
    ['numbered list', '1. one\n2. two'],
  ])('keeps a %s', (_name, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a mixed document', () => {
    const markdown = '# Notes\n\nSome **bold** and *italic* text.\n\n> quoted\n\n- a\n- b\n\n1. x\n2. y';
    expect(roundTrip(markdown)).toBe(markdown);
  });

});
