import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { LazyMarkdownEditor } from './lazy-markdown';
import { MarkdownView } from './markdown-view';

// ProseMirror measures text ranges when it scrolls the selection into view after a command;
// jsdom's Range has no layout methods, so without these an update after a click throws later.
beforeAll(() => {
  const empty = (): DOMRect => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});

describe('MarkdownEditor', () => {
  it('has a labelled editable area, the placeholder and named toolbar controls', async () => {
    renderWithProviders(<LazyMarkdownEditor label="Description" value="" onChange={() => undefined} />);
    const area = await screen.findByRole('textbox', { name: 'Description' });
    expect(area.getAttribute('contenteditable')).toBe('true');
    expect(area.getAttribute('style')).toContain('min-height: 4.65em');
    expect(area.querySelector('[data-placeholder="Write here..."]')).not.toBeNull();
    for (const name of ['Heading 1', 'Heading 2', 'Heading 3', 'Bold', 'Italic', 'Quote', 'Bullet list', 'Numbered list']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows the Markdown it is given and reports Markdown on a change', async () => {
    const onChange = vi.fn();
    renderWithProviders(<LazyMarkdownEditor label="Notes" value={'# Hello\n\n**there**'} onChange={onChange} />);
    const area = await screen.findByRole('textbox', { name: 'Notes' });
    expect(area.querySelector('h1')?.textContent).toBe('Hello');
    screen.getByRole('button', { name: 'Heading 1' }).click();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(typeof onChange.mock.calls[0]?.[0]).toBe('string');
  });

  it('is translated to Danish', async () => {
    renderWithProviders(<LazyMarkdownEditor label="Noter" value="" onChange={() => undefined} />, { language: 'dk' });
    await screen.findByRole('textbox', { name: 'Noter' });
    expect(screen.getByRole('button', { name: 'Fed' })).toBeTruthy();
  });
});

describe('MarkdownView', () => {
  it('shows sanitised Markdown', () => {
    renderWithProviders(<MarkdownView markdown={'# Title\n\n<img src=x onerror="alert(1)">'} />);
    expect(screen.getByRole('heading', { name: 'Title', level: 1 })).toBeTruthy();
    expect(document.querySelector('[onerror]')).toBeNull();
  });
});
