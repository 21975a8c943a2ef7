/**
 * The "Files and stores" section against a stand-in server that keeps its stores and shares
 * like the real one: what a user sees when listing, creating, sharing, deleting and when the
 * server refuses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { account, API_BASE, assistants, resolvePath } from '@chi/contract';
import type { ApiDescriptor, Language } from '@chi/contract';
import { jsonResponse, renderWithProviders, TEST_CONFIG } from '../../../../test/render';
import { StoresSection } from './stores-section';

const AT = '2026-11-26T09:00:00.000Z';
const ASSISTANT: assistants.Assistant = {
  _id: 'a1', kind: 'custom', name: 'Helper', description: '', instructions: '', avatarUrl: null, course: null, modelSettings: {},
  vectorStoreId: 's-own', _published: false, _ownerId: 'me', _ownerName: 'Olga Example', abilities: { manage: true, use: true }, _createdAt: AT, _updatedAt: AT,
};

const FILE: assistants.AssistantFile = {
  _id: 'f1', vectorStoreId: 's-own', name: 'policy.txt', contentType: 'text/plain', size: 10, version: 1, versionId: 'v1', contentHash: 'h1',
  state: 'ready', error: null, chunks: 2, pages: null, attributes: { topic: 'holidays' }, _createdAt: AT, _updatedAt: AT,
};

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

/** Keeps stores and shares; `refuse` makes one call answer with a 400 and that message. */
function fakeServer(options: { stores?: assistants.VectorStoreSummary[]; refuse?: { descriptor: ApiDescriptor; message: string } } = {}) {
  const stores = [...(options.stores ?? [])];
  const shares = new Map<string, { _id: string; name: string }[]>();
  const sent: Sent[] = [];
  const is = (d: ApiDescriptor, url: string, method: string, id?: string) => method === d.method && url === API_BASE + resolvePath(d, id);
  const full = (id: string) => ({ _id: id, name: stores.find((s) => s._id === id)?.name ?? 'Own', assistantId: null, attributes: {}, files: id === 's-own' ? [FILE] : [], modifiedAt: '2026-11-26T10:00:00.000Z', chunks: 0, _createdAt: '2026-11-26T10:00:00.000Z' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      sent.push({ method, url, body });
      const storeId = decodeURIComponent(url.split('/').pop() ?? '');
      if (options.refuse && method === options.refuse.descriptor.method && url.startsWith(API_BASE + options.refuse.descriptor.path.replace('/:id', ''))) {
        return jsonResponse(400, { Error: { name: 'Validation Error', message: options.refuse.message, code: 400 } });
      }
      if (is(assistants.listVectorStores, url, method)) return jsonResponse(200, { vectorStores: stores });
      if (is(assistants.getVectorStore, url, method, storeId)) return jsonResponse(200, full(storeId));
      if (is(assistants.createVectorStore, url, method)) {
        stores.unshift({ _id: 's-new', name: String(body.name), assistantId: null, fileCount: 0, _ownerId: 'me', _ownerName: 'Olga Example', modifiedAt: '2026-11-26T10:00:00.000Z', abilities: { manage: true } });
        return jsonResponse(200, full('s-new'));
      }
      if (is(assistants.deleteVectorStore, url, method, storeId)) {
        stores.splice(stores.findIndex((s) => s._id === storeId), 1);
        return jsonResponse(200, { _id: storeId, deleted: true });
      }
      if (is(account.listAssetUsers, url, method)) {
        const asset = body.asset as { id: string } | undefined;
        const users = asset ? (shares.get(asset.id) ?? []) : [{ _id: 'u-ras', name: 'Rasmus Example' }].filter((u) => u.name.toLowerCase().includes(String(body.filter).toLowerCase()));
        return jsonResponse(200, { users, total: users.length });
      }
      if (is(assistants.shareVectorStore, url, method, storeId)) {
        const list = [...(shares.get(storeId) ?? []), { _id: String(body.accountId), name: 'Rasmus Example' }];
        shares.set(storeId, list);
        return jsonResponse(200, { _id: storeId, sharedWith: list });
      }
      if (is(assistants.patchFile, url, method, storeId)) return jsonResponse(200, { ...FILE, attributes: body.attributes });
      return jsonResponse(404, { Error: { name: 'Not Found', message: `unexpected ${method} ${url}`, code: 404 } });
    }),
  );
  return sent;
}

function render(language: Language = 'en') {
  return renderWithProviders(<StoresSection assistant={ASSISTANT} filesVersion={0} onFilesChanged={() => undefined} />, { language });
}

const PAPERS: assistants.VectorStoreSummary = { _id: 's-papers', name: 'Papers', assistantId: null, fileCount: 3, _ownerId: 'me', _ownerName: 'Olga Example', modifiedAt: '2026-11-26T10:00:00.000Z', abilities: { manage: true } };

describe('Files and stores on the assistant administration page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when there are no stores, and creates one', async () => {
    const sent = fakeServer();
    render();
    expect(await screen.findByText('You have no vector stores yet, and none are shared with you. Create one below.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name of a new store'), 'Reading list');
    await user.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store Reading list created.');
    const list = await screen.findByRole('list', { name: 'Your vector stores' });
    expect(within(list).getByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
    expect(sent.find((s) => s.method === 'POST' && s.url.endsWith('/VectorStore/action/create'))?.body).toEqual({ name: 'Reading list' });
  });

  it('shows each store with its file count and owner, shares it through the picker, and lists whom it is shared with', async () => {
    const sent = fakeServer({ stores: [PAPERS, { ...PAPERS, _id: 's-theirs', name: 'Their notes', _ownerName: 'Sigrid Example', abilities: { manage: false } }] });
    render();
    const card = await screen.findByRole('listitem', { name: 'Papers' });
    expect(card).toHaveTextContent('3 files · Owner: Olga Example');
    expect(await screen.findByRole('listitem', { name: 'Their notes' })).toHaveTextContent('Shared with you');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Manage Papers' }));
    expect(await within(card).findByText('Not shared with anyone.')).toBeInTheDocument();
    await user.type(within(card).getByRole('combobox', { name: 'Share Papers with' }), 'Ras');
    await user.click(await screen.findByRole('option', { name: 'Rasmus Example' }, { timeout: 3000 }));
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    const shared = await within(card).findByRole('list', { name: 'People Papers is shared with' });
    expect(within(shared).getByText('Rasmus Example')).toBeInTheDocument();
    expect(within(shared).getByRole('button', { name: 'Stop sharing with Rasmus Example' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Papers shared with Rasmus Example.');
    expect(sent.find((s) => s.url.endsWith('/share/s-papers'))?.body).toEqual({ accountId: 'u-ras' });

    // A store shared with the user opens read-only: no rename, delete or share.
    const theirs = screen.getByRole('listitem', { name: 'Their notes' });
    await user.click(within(theirs).getByRole('button', { name: 'Manage Their notes' }));
    expect(await within(theirs).findByText(/Shared with you by Sigrid Example/)).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete the store Their notes' })).toBeNull();
    expect(within(theirs).queryByRole('combobox', { name: 'Share Their notes with' })).toBeNull();
  });

  it('deletes a store only after the confirm step', async () => {
    const sent = fakeServer({ stores: [PAPERS] });
    render();
    const card = await screen.findByRole('listitem', { name: 'Papers' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Manage Papers' }));
    await user.click(await within(card).findByRole('button', { name: 'Delete the store Papers' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Delete the store Papers with its files and passages?');
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Papers' })).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Store Papers deleted.');
  });

  it('shows the server’s reason when it refuses, in the interface language around it', async () => {
    fakeServer({ stores: [PAPERS], refuse: { descriptor: assistants.createVectorStore, message: 'name is required' } });
    render('dk');
    expect(await screen.findByRole('heading', { name: 'Filer og lagre' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Navn på et nyt lager'), 'x');
    await user.click(screen.getByRole('button', { name: 'Opret lager' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det lykkedes ikke: name is required');
  });

  it('edits a file’s attributes, and names a line it cannot read without calling the server', async () => {
    const sent = fakeServer();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit attributes of policy.txt' }));
    const box = screen.getByRole('textbox', { name: 'Attributes of policy.txt' });
    expect(box).toHaveValue('topic: holidays');
    await user.type(box, '\nno colon here');
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    expect(await screen.findByText('Line 2 needs a name, a colon and a value, like topic: holidays.')).toBeInTheDocument();
    expect(sent.some((s) => s.method === 'PATCH')).toBe(false);
    await user.clear(box);
    await user.type(box, 'topic: travel\nyear: 2026');
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Attributes of policy.txt saved.');
    expect(sent.find((s) => s.method === 'PATCH')?.body).toEqual({ attributes: { topic: 'travel', year: 2026 } });
  });
});
