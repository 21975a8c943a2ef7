/**
 * UI audit: /Data showed "Word Links", "Recordings" and the Mime Mix stimuli link for every
 * study, also one without those games. A game's own section shows when the study has the game,
 * when there are data of it anyway (an earlier version had it), or when the study's games cannot
 * be read here; the stimuli link only for the study's games.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { recordings, resolvePath, wordLinks } from '@chi/contract';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { studyWithGames } from '../../../test/study-fixture';
import { DataScopeContext } from './data-scope';
import { Recordings } from './recordings/recordings';
import { WordLinksPlays } from './word-links-plays';
import { MimeMixStimuliLink } from './mime-mix-stimuli-link';
import { useDataNamespace } from './i18n/data-namespace';

/** As on /Data, whose page brings the data texts. */
function StimuliLink() {
  useDataNamespace();
  return <MimeMixStimuliLink />;
}

const PLAY: wordLinks.WordLinksPlay = {
  participantId: 'p-1', startedAt: 1_790_000_000_000, status: 'completed', level1Average: 60, level2Average: 55, globalScore: 58,
  rounds: [{ round: 'L1R1', level: 1, practice: false, startWord: 'Train', words: ['cloud', 'violin'], score: 71.4, datScore: 80.2 }],
};

/** GET_STUDY answers `games` (null: refused); the lists answer `plays` and no recordings. Returns the paths asked. */
function serve(games: delphi.GameName[] | null, plays: wordLinks.WordLinksPlay[] = []) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    const path = url.split('?')[0] ?? url;
    asked.push(path);
    if (path.endsWith('/Study/action/get/st-1')) {
      return games ? jsonResponse(200, { study: studyWithGames(games) }) : jsonResponse(404, { Error: { name: 'Not Found', message: 'No such study.', code: 404 } });
    }
    if (path.endsWith(resolvePath(wordLinks.listPlays))) return jsonResponse(200, { plays, total: plays.length });
    if (path.endsWith(resolvePath(recordings.listRecordings))) return jsonResponse(200, { recordings: [], total: 0 });
    return jsonResponse(404, {});
  }));
  return asked;
}

function renderSections() {
  return renderWithProviders(
    <DataScopeContext.Provider value={{ study: 'st-1', runs: 'live', canManage: false }}>
      <WordLinksPlays />
      <Recordings />
      <StimuliLink />
    </DataScopeContext.Provider>,
  );
}

const SLOW = { timeout: 5000 };

describe("/Data's sections of one game", () => {
  it('are left out for a study without Word Links or Morning Memo and no data of them', async () => {
    const asked = serve(['FlashMatch', 'QuizTime']);
    renderSections();
    await waitFor(() => {
      expect(asked.some((p) => p.endsWith(resolvePath(wordLinks.listPlays)))).toBe(true);
      expect(asked.some((p) => p.endsWith(resolvePath(recordings.listRecordings)))).toBe(true);
      expect(asked.some((p) => p.endsWith('/Study/action/get/st-1'))).toBe(true);
    }, SLOW);
    // Every answer has been rendered: still nothing of either section.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Word Links' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recordings' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Mime Mix stimuli/ })).toBeNull();
    // The study's games are asked for once, for every section.
    expect(asked.filter((p) => p.endsWith('/Study/action/get/st-1'))).toHaveLength(1);
  });

  it('show, with their empty states, for a study that has the games', async () => {
    serve(['WordLinks', 'MorningMemo', 'MimeMix']);
    renderSections();
    expect(await screen.findByText('Nobody has played Word Links yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Mime Mix stimuli/ })).toHaveAttribute('href', '/Data/MimeMixStimuli');
    expect(await screen.findByText('No recordings yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Word Links' })).toBeInTheDocument();
  });

  it("show the data an earlier version's game left, though the study has it no more", async () => {
    serve(['FlashMatch'], [PLAY]);
    renderSections();
    expect(await screen.findByText('p-1', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Word Links' })).toBeInTheDocument();
  });

  it("show when the study's games cannot be read here", async () => {
    serve(null);
    renderSections();
    expect(await screen.findByText('Nobody has played Word Links yet.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('No recordings yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Mime Mix stimuli/ })).toBeInTheDocument();
  });

  it('Word Links on a phone: a card per play with its scores, the global score named for a researcher', async () => {
    window.innerWidth = 360;
    serve(['WordLinks'], [PLAY]);
    renderSections();
    const card = within(await screen.findByRole('list', { name: 'Word Links' }, SLOW)).getByRole('listitem');
    expect(within(card).getByText('p-1')).toBeInTheDocument();
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    expect(within(card).getByText('Global score:')).toBeInTheDocument();
    expect(within(card).getByText('58')).toBeInTheDocument();
    expect(within(card).getByText('1 Train: 71 (80)')).toBeInTheDocument();
    expect(screen.queryByText(/Your Word Links score/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
