import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../../test/render';
import { ShortLinkSection } from './short-link-section';

const CREATE = '/api/v1/actions/app/ShortLink/action/create';

const LIST = '/api/v1/actions/app/ShortLink/action/listMine';
const DELETE = '/api/v1/actions/app/ShortLink/action/delete/';

const LINK = { code: 'AbCd1234', url: 'https://example.org/a-long-address', shortUrl: 'http://app.chi.localhost/s/AbCd1234', createdAt: '2026-11-23T17:36:57Z' };

/** A fake server: `create` answers `answer()`, `listMine` the links in `stored`, `delete` removes one. */
function serve(answer: () => Response, stored: (typeof LINK)[] = []) {
  let links = [...stored];
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url === LIST) return jsonResponse(200, { links, total: links.length });
    if (url.startsWith(DELETE)) {
      links = links.filter((link) => url !== DELETE + link.code);
      return jsonResponse(200, { _status: 'deleted' });
    }
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return Object.assign(() => fetch.mock.calls.filter(([url]) => url === CREATE), { deletes: () => fetch.mock.calls.filter(([url]) => url.startsWith(DELETE)) });
}

describe('/cloud → Shorten a link', () => {
  it.each([
    ['en', 'ftp://example.org/file', 'Link to shorten', 'Shorten', 'Enter a full link starting with http:// or https://'],
    ['dk', 'javascript:alert(1)', 'Link, der skal forkortes', 'Forkort', 'Skriv et fuldt link, der begynder med http:// eller https://'],
    ['en', '   ', 'Link to shorten', 'Shorten', 'Enter a link to shorten'],
  ] as const)('(%s) refuses %j with a message and sends nothing', async (language, url, label, button, message) => {
    const sent = serve(() => jsonResponse(200, { shortUrl: 'x', code: 'x' }));
    renderWithProviders(<ShortLinkSection />, { language });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(label, { exact: false }), url);
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toHaveLength(0);
  });

  it('sends the trimmed link and shows the short URL with a Copy button', async () => {
    const sent = serve(() => jsonResponse(200, { shortUrl: 'http://app.chi.localhost/s/AbCd1234', code: 'AbCd1234' }));
    renderWithProviders(<ShortLinkSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Link to shorten', { exact: false }), '  https://example.org/a?b=1  ');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    const result = await screen.findByRole('region', { name: 'Your short link' });
    expect(result.querySelector('a')).toHaveAttribute('href', 'http://app.chi.localhost/s/AbCd1234');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
    expect(JSON.parse(String(sent()[0]?.[1]?.body))).toEqual({ url: 'https://example.org/a?b=1' });
  });

  it('shows the server refusal inside the form', async () => {
    serve(() => jsonResponse(400, { Error: { name: 'Validation Error', message: 'url must be an http or https URL', code: 400 } }));
    renderWithProviders(<ShortLinkSection />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Link to shorten', { exact: false }), 'https://example.org');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('url must be an http or https URL');
    expect(screen.queryByRole('region', { name: 'Your short link' })).toBeNull();
  });
});

describe('/cloud → Your short links', () => {
  it('says so when there are none', async () => {
    serve(() => jsonResponse(404, {}));
    renderWithProviders(<ShortLinkSection />);
    expect(await screen.findByText('You have not shortened any links yet.')).toBeInTheDocument();
  });

  it('lists the links the server keeps, and deletes one only after a confirmation', async () => {
    const sent = serve(() => jsonResponse(404, {}), [LINK]);
    renderWithProviders(<ShortLinkSection />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your short links' });
    expect(within(list).getByRole('link', { name: LINK.shortUrl })).toHaveAttribute('href', LINK.shortUrl);
    expect(list).toHaveTextContent('Goes to https://example.org/a-long-address');
    expect(list).toHaveTextContent(/Created \d{1,2} Nov 2026, \d\d:\d\d/);

    await user.click(within(list).getByRole('button', { name: `Delete short link ${LINK.shortUrl}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete short link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.deletes()).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: `Delete short link ${LINK.shortUrl}` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete short link?' })).getByRole('button', { name: 'Delete short link' }));
    expect(await screen.findByText('You have not shortened any links yet.')).toBeInTheDocument();
    expect(sent.deletes()).toHaveLength(1);
  });

  it('a new link joins the list', async () => {
    let stored: (typeof LINK)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
        if (url === LIST) return jsonResponse(200, { links: stored, total: stored.length });
        stored = [LINK];
        return jsonResponse(200, { shortUrl: LINK.shortUrl, code: LINK.code });
      }),
    );
    renderWithProviders(<ShortLinkSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('You have not shortened any links yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link to shorten', { exact: false }), LINK.url);
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    const list = await screen.findByRole('list', { name: 'Your short links' });
    expect(within(list).getByRole('link', { name: LINK.shortUrl })).toBeInTheDocument();
  });

  it('is translated to Danish', async () => {
    serve(() => jsonResponse(404, {}));
    renderWithProviders(<ShortLinkSection />, { language: 'dk' });
    expect(await screen.findByText('Du har ikke forkortet nogen links endnu.')).toBeInTheDocument();
  });
});
