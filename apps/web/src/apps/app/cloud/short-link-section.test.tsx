import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../../test/render';
import { ShortLinkSection } from './short-link-section';

const CREATE = '/api/v1/actions/app/ShortLink/action/create';

function serve(answer: () => Response) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : answer()));
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.filter(([url]) => url === CREATE);
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
