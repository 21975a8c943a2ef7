/**
 * A study's Versions and Team on a phone and on a desktop: a phone gets one card per row (no
 * table to swipe sideways, its caption and right-hand columns out of sight), a desktop the table;
 * both show the same cells and the owner's controls.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { appModule } from '../routes';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { StudyTeam } from './study-team';
import { StudyVersions } from './study-versions';

const STUDY = { id: 'st1', version: 2, updatedAt: '2026-11-28T09:00:00.000Z', access: 'own' } as delphi.Study;

const VERSIONS: delphi.StudyVersionInfo[] = [
  { version: 2, createdAt: '2026-11-28T09:00:00.000Z', games: [{ game: 'MimeMix', settings: {} }, { game: 'QuizTime', settings: {} }], order: 'latin-square', started: 7 },
  { version: 1, createdAt: '2026-11-20T09:00:00.000Z', games: [{ game: 'QuizTime', settings: {} }], order: 'fixed', started: 3 },
];
const MEMBERS: delphi.StudyMember[] = [
  { accountId: 'a1', name: 'Olga Owner', email: 'olga@example.org', level: 'own', addedAt: '2026-11-20T09:00:00.000Z' },
  { accountId: 'a2', name: 'Rasmus Review', email: 'rasmus@example.org', level: 'review', addedAt: '2026-11-21T09:00:00.000Z' },
];

function Tables({ study = STUDY }: { study?: delphi.Study }) {
  useStudiesNamespace();
  return (
    <>
      <StudyVersions study={study} />
      <StudyTeam study={study} />
    </>
  );
}

function stubServer(refusal?: { message: string; code: number }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      if (refusal && url.endsWith('/Study/action/addMember/st1')) return jsonResponse(refusal.code, { name: 'Study Error', message: refusal.message, code: refusal.code });
      if (url.endsWith('/Study/action/versions/st1')) return jsonResponse(200, { versions: VERSIONS });
      if (url.endsWith('/Study/action/members/st1')) return jsonResponse(200, { members: MEMBERS });
      return jsonResponse(404, {});
    }),
  );
}

describe('a study’s versions and team', () => {
  it('on a phone: one card per version and per member, no table, the owner’s controls on each card', async () => {
    window.innerWidth = 375;
    stubServer();
    renderWithProviders(<Tables />, { app: appModule });

    const versions = await screen.findByRole('list', { name: 'The study\'s versions, newest first' });
    const cards = within(versions).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Version 2')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Mime Mix → Quiz Time')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Balanced Latin square')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('7')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Version 1')).toBeInTheDocument();

    const team = await screen.findByRole('list', { name: 'The study\'s team' });
    const rasmus = within(team).getAllByRole('listitem')[1]!;
    expect(within(rasmus).getByText('rasmus@example.org')).toBeInTheDocument();
    expect(within(rasmus).getByRole('combobox', { name: 'Level of Rasmus Review' })).toHaveValue('Review');
    expect(within(rasmus).getByRole('button', { name: 'Remove Rasmus Review' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('on a phone, a reviewer reads each member’s level as text, with no controls', async () => {
    window.innerWidth = 375;
    stubServer();
    renderWithProviders(<Tables study={{ ...STUDY, access: 'review' }} />, { app: appModule });

    const team = await screen.findByRole('list', { name: 'The study\'s team' });
    const olga = within(team).getAllByRole('listitem')[0]!;
    expect(within(olga).getByText('Own')).toBeInTheDocument();
    expect(within(team).queryByRole('button')).not.toBeInTheDocument();
    expect(within(team).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('on a desktop: the two tables with their captions', async () => {
    stubServer();
    renderWithProviders(<Tables />, { app: appModule });

    const versions = await screen.findByRole('table', { name: 'The study\'s versions, newest first' });
    expect(within(versions).getByRole('cell', { name: 'Mime Mix → Quiz Time' })).toBeInTheDocument();
    const team = await screen.findByRole('table', { name: 'The study\'s team' });
    expect(within(team).getByRole('button', { name: 'Remove Rasmus Review' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'The study\'s team' })).not.toBeInTheDocument();
  });

  it('says a refused colleague in the page\'s language, at the field (Danish)', async () => {
    stubServer(delphi.STUDY_ERRORS.unknownAccount);
    renderWithProviders(<Tables />, { app: appModule, language: 'dk' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Konto-id' }), 'not-an-id');
    await user.click(screen.getByRole('button', { name: 'Tilføj til teamet' }));
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Konto-id' })).toHaveAccessibleDescription(expect.stringContaining('Ingen aktiv konto har dette id.')));
  });
});
