import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../../test/render';
import { resetDocumentStore } from '../../../shell/documents/document-store';
import { NotesSection } from './notes-section';

const BASE = '/api/v1/actions/app/Note/action/';

// ProseMirror measures text ranges when it scrolls the selection into view; jsdom has no layout.
beforeAll(() => {
  const empty = (): DOMRect => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});
afterEach(() => resetDocumentStore());

function note(id: string, fields: Record<string, unknown>) {
  return { _appId: 'app', _dataType: 'Note', _id: id, _ownerId: 'me', _published: false, _createdAt: '2026-01-01T00:00:00Z', _updatedAt: '2026-01-01T00:00:00Z', ...fields };
}

/** A fake server: `list` answers `stored`; `create` answers `create()`. */
function serve(stored: unknown[], create: () => Response = () => jsonResponse(200, note('new', {}))) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url === `${BASE}list`) return jsonResponse(200, { documents: stored, total: stored.length });
    if (url === `${BASE}create`) return create();
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetch);
  // The JSON bodies sent to one endpoint.
  return (endpoint: string) => fetch.mock.calls.filter(([url]) => url === `${BASE}${endpoint}`).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('/cloud → My notes', () => {
  it('asks only for the user’s own notes and says when there are none', async () => {
    const calls = serve([]);
    renderWithProviders(<NotesSection ownerId="me" />);
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write your first note' })).toBeInTheDocument();
    expect(calls('list').map((body) => body.filter)).toContainEqual({ field: '_ownerId', value: 'me' });
  });

  it('is translated to Danish', async () => {
    serve([]);
    renderWithProviders(<NotesSection ownerId="me" />, { language: 'dk' });
    expect(await screen.findByText('Ingen noter endnu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skriv din første note' })).toBeInTheDocument();
  });

  it('shows titles, the sanitised Markdown and the Published badge', async () => {
    serve([note('a', { title: 'First', body: '# Big\n\n<img src=x onerror="alert(1)">', _published: true }), note('b', { title: 'Second', body: '' })]);
    renderWithProviders(<NotesSection ownerId="me" />);
    const first = await screen.findByRole('article', { name: 'First' });
    expect(await within(first).findByRole('heading', { name: 'Big', level: 1 })).toBeInTheDocument();
    expect(first.querySelector('[onerror]')).toBeNull();
    expect(within(first).getByText('Published')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Second' });
    expect(within(second).getByText('This note has no text yet.')).toBeInTheDocument();
    expect(within(second).queryByText('Published')).toBeNull();
  });

  it('names the author of each note published by others, and dates it in the UI language', async () => {
    serve([note('o', { _ownerId: 'grace', _published: true, title: 'Theirs', _ownerName: 'Grace Hopper', _updatedAt: '2026-11-23T17:36:57Z' })]);
    renderWithProviders(<NotesSection ownerId="me" />);
    const others = await screen.findByRole('list', { name: 'Notes published by others' });
    expect(within(others).getByText('By Grace Hopper')).toBeInTheDocument();
    expect(within(others).getByText(/^Last changed \d{1,2} Nov 2026, \d\d:\d\d$/)).toBeInTheDocument();
  });

  it('an empty title shows a field error and sends nothing', async () => {
    const calls = serve([]);
    renderWithProviders(<NotesSection ownerId="me" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write your first note' }));
    await screen.findByRole('textbox', { name: 'Text' });
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('A title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(calls('create')).toHaveLength(0);
  });

  it('a failed save keeps what was typed and says why; the retry reuses the note id', async () => {
    let fail = true;
    const calls = serve([], () => (fail ? jsonResponse(500, { Error: { name: 'Server Error', message: 'Server error.', code: 500 } }) : jsonResponse(200, note('n', { title: 'Plan', body: '' }))));
    renderWithProviders(<NotesSection ownerId="me" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write your first note' }));
    await user.type(screen.getByLabelText('Title', { exact: false }), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    const form = screen.getByRole('form', { name: 'New note' });
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Title', { exact: false })).toHaveValue('Plan');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New note' })).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent('Note saved.');
    const ids = calls('create').map((body) => body._id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });
});
