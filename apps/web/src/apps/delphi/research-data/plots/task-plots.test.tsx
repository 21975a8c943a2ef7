/**
 * UI audit: the plots opened on Flash Match whatever the study, so a study without it showed an
 * empty plot. They start on the study's first game with plots, and every task stays pickable.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../../test/render';
import { SuiteTexts } from '../../../../test/data-texts';
import { studyWithGames } from '../../../../test/study-fixture';
import { DataScopeContext } from '../data-scope';
import { TaskPlots } from './task-plots';

/** GET_STUDY answers `games` (or fails); returns the tasks the plot calls asked for. */
function serve(games: delphi.GameName[] | null) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    const path = url.split('?')[0] ?? url;
    if (path.endsWith('/Study/action/get/st-1')) {
      return games ? jsonResponse(200, { study: studyWithGames(games) }) : jsonResponse(404, { Error: { name: 'Not Found', message: 'No such study.', code: 404 } });
    }
    if (/\/(responseTimes|accuracy|gameView)$/.test(path)) asked.push((JSON.parse(String(init?.body)) as { gameName: string }).gameName);
    return jsonResponse(404, {});
  }));
  return asked;
}

function renderPlots() {
  return renderWithProviders(
    <SuiteTexts>
      <DataScopeContext.Provider value={{ study: 'st-1', runs: 'live', canManage: false }}>
        <TaskPlots version={0} />
      </DataScopeContext.Provider>
    </SuiteTexts>,
  );
}

describe('/Data plots per task', () => {
  it('start on the study\'s first game with plots, not on Flash Match', async () => {
    const asked = serve(['MorningMemo', 'ColorCatch', 'QuizTime']);
    renderPlots();
    expect(await screen.findByRole('combobox', { name: 'Task' }, { timeout: 5000 })).toHaveValue('Color Catch');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(new Set(asked)).toEqual(new Set(['ColorCatch']));
    expect(screen.queryByText(/None of this study's games has plots/)).toBeNull();
  });

  it('say so when none of the study\'s games has plots', async () => {
    serve(['MorningMemo']);
    renderPlots();
    expect(await screen.findByText("None of this study's games has plots (Morning Memo records audio only).", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('start on the first plotted task when the study cannot be read here', async () => {
    serve(null);
    renderPlots();
    expect(await screen.findByRole('combobox', { name: 'Task' }, { timeout: 5000 })).toHaveValue('Quiz Time');
  });
});
