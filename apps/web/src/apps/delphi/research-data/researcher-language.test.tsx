/**
 * Issue 25 items 1 and 4: /Data speaks the researcher's language and says what happened — step
 * names logged in the participant's language (Danish here) show in the page's, a skipped game
 * reads Skipped (never Completed), and the flags pluralise their numbers in both languages.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { delphi } from '@chi/contract';
import { jsonResponse, renderWithProviders, TEST_CONFIG } from '../../../test/render';
import { DataTexts } from '../../../test/data-texts';
import { StudyFunnel } from './study-funnel';
import { TimelineButton } from './participant-timeline';
import { QualityFlags } from './quality-flags';

const ACTION = '/api/v1/actions/delphi/Participant/action/';

const flash: delphi.FunnelGame = {
  gameName: 'FlashMatch', started: 1, finished: 0, interrupted: 0, skipped: 0, abandoned: 0, active: 1,
  // As the server sends them: every step of the bar, named as the participants saw them ('' where no one was yet).
  steps: [
    { step: 0, name: 'Velkommen', reached: 1, current: 0 },
    { step: 1, name: 'Søgning runde 1', reached: 1, current: 1 },
    ...[2, 3, 4, 5].map((step) => ({ step, name: '', reached: 0, current: 0 })),
  ],
};
const wordLinks: delphi.FunnelGame = { gameName: 'WordLinks', started: 1, finished: 0, interrupted: 0, skipped: 1, abandoned: 0, active: 0, steps: [] };
const timeline: delphi.TimelineEntry[] = [
  { at: '2026-11-26T07:00:00.000Z', kind: 'step', gameName: 'FlashMatch', detail: { step: 2, steps: 6, name: 'Søgning runde 1' }, round: null, promptId: null },
  { at: '2026-11-26T07:01:00.000Z', kind: 'gameEnded', gameName: 'WordLinks', detail: { status: 'skipped' }, round: null, promptId: null },
];

function serve() {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url === `${ACTION}funnel`) return jsonResponse(200, { participants: 1, games: [flash, wordLinks], at: '2026-11-26T07:02:00.000Z' });
    if (url === `${ACTION}timeline`) return jsonResponse(200, { participantId: 'P-1', lastSeen: '2026-11-26T07:01:00.000Z', entries: timeline, truncated: false });
    return jsonResponse(404, {});
  }));
}

describe('/Data in the researcher\'s language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the funnel\'s steps in the page\'s language and counts a skip apart from finished', async () => {
    serve();
    renderWithProviders(<DataTexts><StudyFunnel /></DataTexts>);
    const funnel = await screen.findByRole('table', { name: 'Funnel of Flash Match' });
    expect(within(funnel).getByRole('rowheader', { name: '2. Search Round 1' })).toBeInTheDocument();
    expect(within(funnel).getByRole('rowheader', { name: '1. Welcome' })).toBeInTheDocument();
    expect(within(funnel).getByRole('rowheader', { name: '6. Feedback' })).toBeInTheDocument();
    expect(screen.queryByText(/Søgning|Velkommen/)).not.toBeInTheDocument();
    const words = screen.getByRole('table', { name: 'Funnel of Word Links' });
    expect(within(within(words).getByRole('row', { name: /Skipped/ })).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(within(words).getByRole('row', { name: /Finished/ })).getAllByRole('cell')[0]).toHaveTextContent('0');
  });

  it("says an abandon time out of range instead of changing it, and asks nothing until it is right", async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<DataTexts><StudyFunnel /></DataTexts>, { language: 'dk' });
    await screen.findByRole('table', { name: /Flash Match/ });
    const field = screen.getByRole('textbox', { name: /Opgivet efter/ });
    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(field).toHaveValue('0');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Skriv et helt antal minutter fra 1 til 10080'));
    const asked = () => vi.mocked(fetch).mock.calls.map(([url, init]) => (url === `${ACTION}funnel` ? String(init?.body) : '')).filter(Boolean);
    expect(asked().some((body) => body.includes('"abandonMinutes":0'))).toBe(false);
    await user.clear(field);
    await user.type(field, '45');
    await vi.waitFor(() => expect(asked().some((body) => body.includes('"abandonMinutes":45'))).toBe(true));
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('Skriv et helt antal minutter'));
  });

  it('shows a timeline\'s step and a skipped game in the page\'s language (en and dk)', async () => {
    serve();
    const { unmount } = renderWithProviders(<DataTexts><TimelineButton suiteId="s-1" participantId="P-1" /></DataTexts>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Timeline of participant P-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timeline of P-1' });
    expect(await within(dialog).findByText('Step 2 of 6: Search Round 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Game ended: Skipped')).toBeInTheDocument();
    unmount();

    renderWithProviders(<DataTexts><TimelineButton suiteId="s-1" participantId="P-1" /></DataTexts>, { language: 'dk' });
    await userEvent.setup().click(screen.getByRole('button', { name: /P-1/ }));
    expect(await screen.findByText('Spil slut: Sprunget over')).toBeInTheDocument();
  });

  it('pluralises the flags\' numbers in English and Danish', () => {
    const flags: delphi.QualityFlag[] = [
      { kind: 'unfinished', gameName: 'FlashMatch', values: { status: 'interrupted', responses: 1 } },
      { kind: 'unfinished', gameName: 'QuizTime', values: { status: 'abandoned', responses: 3, minutes: 45 } },
      { kind: 'attention', gameName: 'MimeMix', values: { trials: 1, total: 84, events: 1, hiddenMs: 0 } },
    ];
    const { unmount } = renderWithProviders(<DataTexts><QualityFlags flags={flags} /></DataTexts>);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe('Flash Match: interrupted after 1 response.');
    expect(items[1]).toBe('Quiz Time: no activity for 45 minutes after 3 responses (abandoned).');
    expect(items[2]).toMatch(/^Mime Mix: left the page during 1 of 84 trials \(1 attention event: /);
    unmount();

    renderWithProviders(<DataTexts><QualityFlags flags={flags} /></DataTexts>, { language: 'dk' });
    const danish = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(danish[0]).toBe('Flash Match: afbrudt efter 1 svar.');
    expect(danish[1]).toBe('Quiz Time: ingen aktivitet i 45 minutter efter 3 svar (opgivet).');
    expect(danish[2]).toMatch(/\(1 opmærksomhedshændelse: /);
  });
});
