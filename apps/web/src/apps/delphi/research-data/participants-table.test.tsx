/**
 * /Data's participants on a phone (UI audit): the table was 1,280 px wide, so on a 320–390 px
 * screen a participant's flags and Exclude were far past the edge. A phone gets one card per
 * participant, each game a line, its flags and actions in sight; a desktop keeps the table.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { DataTexts } from '../../../test/data-texts';
import { studyWithGames } from '../../../test/study-fixture';
import { DataScopeContext } from './data-scope';
import { ParticipantsTable } from './participants-table';

const PARTICIPANT: delphi.ParticipantRecord = {
  participantId: 'P-017',
  suiteId: 'su-1',
  createdAt: '2026-11-28T08:00:00.000Z',
  run: 'live',
  studyVersion: 1,
  games: [
    { gameName: 'FlashMatch', state: 'played', ended: true, status: 'completed', startedAt: '2026-11-28T08:01:00.000Z', endedAt: '2026-11-28T08:06:00.000Z', responses: 120, excluded: false },
    { gameName: 'QuizTime', state: 'played', ended: false, status: 'in progress', startedAt: '2026-11-28T08:07:00.000Z', endedAt: null, responses: 4, excluded: false },
  ],
  responses: 124,
  excluded: false,
  flags: [{ kind: 'tooFast', gameName: 'FlashMatch', values: { count: 30, total: 120, share: 0.25, thresholdMs: 150, maxShare: 0.1 } }],
};

/** The server: the listing of `participants`; GET_STUDY answers `games` as the study's (none given: it cannot be read). */
function stubServer(participants: delphi.ParticipantRecord[] = [PARTICIPANT], games?: delphi.GameName[]) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url.includes('/Study/action/get/')) return games ? jsonResponse(200, { study: studyWithGames(games) }) : jsonResponse(404, {});
    return jsonResponse(200, { participants, total: participants.length });
  }));
}

function renderTable(onExclusion = vi.fn(), language: 'en' | 'dk' = 'en') {
  renderWithProviders(
    <DataTexts>
      <DataScopeContext.Provider value={{ study: 'st-1', runs: 'live', canManage: true }}>
        <ParticipantsTable version={0} onExclusion={onExclusion} />
      </DataScopeContext.Provider>
    </DataTexts>,
    { language },
  );
  return onExclusion;
}

describe("/Data's participants", () => {
  it('on a phone: a card per participant with each game, the flags and Exclude in sight', async () => {
    window.innerWidth = 360;
    stubServer();
    const onExclusion = renderTable();

    const card = within(await screen.findByRole('list', { name: 'Participants' }, { timeout: 5000 })).getAllByRole('listitem')[0]!;
    expect(within(card).getByText('P-017')).toBeInTheDocument();
    expect(within(card).getByText('Flash Match:')).toBeInTheDocument();
    expect(within(card).getByText('Completed · 120')).toBeInTheDocument();
    expect(within(card).getByText('In progress · 4')).toBeInTheDocument();
    expect(within(card).getAllByText('To play')).toHaveLength(4);
    expect(within(card).getByText(/Flash Match: 30 of 120 responses \(25 %\) faster than 150 ms/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Exclude participant P-017' }));
    expect(onExclusion).toHaveBeenCalledWith({ participant: PARTICIPANT, action: 'exclude' });
  });

  it("says a refused listing in the page's language (a Danish page showed the catalogue's English)", async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(403, {}))));
    renderTable(vi.fn(), 'dk');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Kunne ikke hente data: Denne handling er ikke tilladt.');
  });

  it('on a phone in Danish: the card in Danish', async () => {
    window.innerWidth = 320;
    stubServer();
    renderTable(vi.fn(), 'dk');
    const card = within(await screen.findByRole('list', { name: 'Deltagere' }, { timeout: 5000 })).getAllByRole('listitem')[0]!;
    expect(within(card).getByText('P-017')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ekskludér deltager P-017' })).toBeInTheDocument();
    expect(within(card).getByText('Gennemført · 120')).toBeInTheDocument();
  });

  it('on a desktop: the table', async () => {
    stubServer();
    renderTable();
    expect(await screen.findByRole('table', { name: 'Participants' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /P-017/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Participants' })).not.toBeInTheDocument();
  });

  it("shows a column for each of the study's games, and for a game with data from an earlier version, not the others", async () => {
    const earlier = { gameName: 'WordLinks' as const, state: 'played' as const, ended: true, status: 'completed' as const, startedAt: '2026-11-27T08:00:00.000Z', endedAt: '2026-11-27T08:05:00.000Z', responses: 8, excluded: false };
    stubServer([PARTICIPANT, { ...PARTICIPANT, participantId: 'P-001', suiteId: 'su-0', games: [earlier] }], ['FlashMatch', 'QuizTime']);
    renderTable();
    const table = await screen.findByRole('table', { name: 'Participants' }, { timeout: 5000 });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(0, 4)).toEqual(['Participant id', 'Quiz Time', 'Flash Match', 'Word Links']);
    expect(headers).not.toContain('Color Catch');
    expect(headers).not.toContain('Morning Memo');
  });

  it('on a phone: a line for each of the study’s games only', async () => {
    window.innerWidth = 360;
    stubServer([PARTICIPANT], ['QuizTime', 'FlashMatch']);
    renderTable();
    const card = within(await screen.findByRole('list', { name: 'Participants' }, { timeout: 5000 })).getAllByRole('listitem')[0]!;
    expect(within(card).getByText('Flash Match:')).toBeInTheDocument();
    expect(within(card).queryByText('Mime Mix:')).not.toBeInTheDocument();
    expect(within(card).queryByText('To play')).not.toBeInTheDocument();
  });
});
