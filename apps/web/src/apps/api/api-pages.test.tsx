import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_DESCRIPTORS, buildOpenApi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../test/render';
import { appModule } from './routes';
import { groupByTag, operationsOf } from './openapi-model';

const openApi = buildOpenApi(ALL_DESCRIPTORS, '9.9.9');

function serverUp() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url === '/api/v1/openapi.json') return jsonResponse(200, openApi);
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('API pages', () => {
  it('sends / to /api, titled "API pages" with a menu bar holding Home', async () => {
    serverUp();
    renderApp(appModule, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'API pages' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/api');
    const menu = screen.getByRole('navigation', { name: 'API menu' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/api');
  });

  it('renders every operation with method, path, summary, access and fields', async () => {
    serverUp();
    renderApp(appModule, { path: '/api' });
    const health = await screen.findByRole('article', { name: 'GET /api/v1/health' });
    expect(health).toHaveTextContent('Whether the server and its database answer');
    expect(health).toHaveTextContent('Access: public');
    const output = within(health).getByRole('table', { name: 'Output' });
    expect(within(output).getByText('database')).toBeInTheDocument();
    expect(within(output).getByText('"sqlite" | "postgres"')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'GET /api/v1/config' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'GET /api/v1/openapi.json' })).toBeInTheDocument();
    // The server's own document replaces the one built in: its version shows.
    expect(await screen.findByText(/Version 9\.9\.9/)).toBeInTheDocument();
  }, 20_000);

  it('shows the reference built from the contract before the server answers, with no loader (ADR 040)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
        if (url === '/api/v1/openapi.json') return new Promise<Response>((resolve) => (answer = resolve));
        return jsonResponse(404, {});
      }),
    );
    renderApp(appModule, { path: '/api' });
    // Rendering the contract's reference, and again with the server's, takes more than findBy's default on a loaded CI machine.
    expect(await screen.findByRole('article', { name: 'GET /api/v1/health' }, { timeout: 10_000 })).toBeInTheDocument();
    const count = operationsOf(openApi).length;
    expect(screen.getByText(new RegExp(`${count} operations`))).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    answer(jsonResponse(200, openApi));
    expect(await screen.findByText(/Version 9\.9\.9/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it('adds the cards a few at a time until every operation is there, in the order of the reference', async () => {
    serverUp();
    renderApp(appModule, { path: '/api' });
    // Page order: grouped by tag, each group in the reference's order.
    const expected = groupByTag(operationsOf(openApi)).flatMap(([, list]) => list.map((operation) => `${operation.method} ${operation.path}`));
    expect(expected.length).toBeGreaterThan(12);
    // Waits for the last batch (counted cheaply: role queries over 50 cards are slow in jsdom).
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(expected.length), { timeout: 60_000 });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(expected);
  }, 90_000);

  it('heads each group with its readable, translated name, never the raw app id (issue 25 item 12)', async () => {
    serverUp();
    const { unmount } = renderApp(appModule, { path: '/api' });
    expect(await screen.findByRole('heading', { level: 2, name: 'System' })).toBeInTheDocument();
    // The first cards come at once and the rest a few at a time; meanwhile a line says how many are coming.
    expect(screen.getByText(/more calls are being added below…$/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-chi-more]')).toBeNull(), { timeout: 60_000 });
    // Counted cheaply: role queries over 100 cards are slow in jsdom.
    const headings = [...document.querySelectorAll('section > h2')].map((heading) => heading.textContent);
    expect(headings).toEqual(['System', 'Accounts, sessions and files', 'Delphi games study', 'Documents', 'Cognitive-control framework (CCF)', 'Assistants', 'Creative visions']);
    expect(document.querySelector('section[aria-label="Creative visions"]')).not.toBeNull();
    unmount();
    renderApp(appModule, { path: '/api', language: 'dk' });
    await waitFor(() => expect(document.querySelectorAll('section > h2')).toHaveLength(headings.length), { timeout: 60_000 });
    expect(document.querySelectorAll('section > h2')[2]).toHaveTextContent('Delphi-spilstudiet');
  }, 120_000);

  it('Refresh asks the server again; when it is down, a "Load API reference Error" box says so', async () => {
    const user = userEvent.setup();
    const fetchMock = serverUp();
    renderApp(appModule, { path: '/api' });
    await screen.findByRole('article', { name: 'GET /api/v1/health' });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const box = await screen.findByRole('alertdialog', { name: 'Load API reference Error' });
    expect(box).toHaveTextContent('The server is currently unavailable.');
    // The last good reference stays readable under the box.
    expect(screen.getByRole('article', { name: 'GET /api/v1/health' })).toBeInTheDocument();
    await user.click(box);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
