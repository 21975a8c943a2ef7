import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { recordings } from '@chi/contract';
import { jsonResponse, renderWithProviders, TEST_CONFIG } from '../../../../test/render';
import { Recordings } from './recordings';

const LIST = '/api/v1/actions/delphi/Recording/action/list';

function recording(n: number): recordings.Recording {
  return {
    _id: `rec-${n}`, participantId: `P-${n}`, suiteId: `s-${n}`, gameId: null, kind: n % 2 ? 'talk' : 'background', mimeType: 'audio/webm',
    status: 'complete', bytes: 2048, durationMs: 9000, createdAt: '2026-11-23T10:00:00.000Z', completedAt: '2026-11-23T10:00:10.000Z',
    url: `/api/v1/actions/delphi/Recording/action/download/rec-${n}`,
  };
}

/** A fake server holding `count` recordings, answering LIST_RECORDINGS's offset and pageSize. */
function serve(count: number) {
  const stored = Array.from({ length: count }, (_, i) => recording(i + 1));
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url === LIST) {
      const { offset, pageSize } = JSON.parse(String(init?.body)) as { offset: number; pageSize: number };
      return jsonResponse(200, { recordings: stored.slice(offset, offset + pageSize), total: stored.length });
    }
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.filter(([url]) => url === LIST).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('/Data → Recordings', () => {
  it('asks the server for one page at a time and pages with the pager', async () => {
    const requests = serve(30);
    renderWithProviders(<Recordings />);
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    expect(rows()).toHaveLength(25);
    expect(within(rows()[0] as HTMLElement).getByText('P-1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of recordings' });
    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['P-26', 'P-27', 'P-28', 'P-29', 'P-30']);
    expect(requests()).toEqual([
      { study: 'default', runs: 'live', offset: 0, pageSize: 25 },
      { study: 'default', runs: 'live', offset: 25, pageSize: 25 },
    ]);
    expect(screen.getByRole('link', { name: 'Download all (zip)' })).toBeInTheDocument();
  });

  it('shows no pager for one page, and says so when there are no recordings (en and dk)', async () => {
    serve(3);
    const { unmount } = renderWithProviders(<Recordings />);
    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
    unmount();

    serve(0);
    renderWithProviders(<Recordings />, { language: 'dk' });
    expect(await screen.findByRole('status')).toHaveTextContent('Ingen optagelser endnu.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hent alle (zip)' })).not.toBeInTheDocument();
  });

  it('on a phone: a card per recording with Play and Download in sight; Play opens the player on its card', async () => {
    window.innerWidth = 360;
    serve(2);
    renderWithProviders(<Recordings />);
    const cards = within(await screen.findByRole('list', { name: 'Recordings' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('P-1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Download: Talk, P-1' })).toHaveAttribute('href', '/api/v1/actions/delphi/Recording/action/download/rec-1?download=1');
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Play: Talk, P-1' }));
    expect(first.querySelector('audio')).not.toBeNull();
    expect((cards[1] as HTMLElement).querySelector('audio')).toBeNull();
  });
});
