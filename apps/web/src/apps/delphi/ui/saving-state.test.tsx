import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { markPageOutdated } from '../../../shell/api/page-outdated';
import { appModule } from '../routes';
import { useGamesNamespace } from '../games/i18n/games-namespace';
import { SavingState } from './saving-state';

const RETRYING = { pendingCount: 3, answersPending: 3, deadCount: 0, retrying: true };

/** As on a game's Feedback screen: the game chunk brings the shared game texts. */
function GameSavingState() {
  useGamesNamespace();
  return <SavingState snapshot={RETRYING} />;
}

describe('the saving state across a deploy (ADR 080)', () => {
  it('asks for a reload, not patience, once the server was updated under the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWithProviders(<GameSavingState />, { app: appModule });
    expect(screen.getByText(/cannot be reached right now/)).toBeInTheDocument();

    act(() => markPageOutdated());
    expect(screen.queryByText(/cannot be reached right now/)).not.toBeInTheDocument();
    expect(screen.getByText('The server was updated while you played. Your answers are kept on this device: reload the page to send them.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says it in Danish', () => {
    markPageOutdated();
    renderWithProviders(<GameSavingState />, { app: appModule, language: 'dk' });
    expect(screen.getByRole('button', { name: 'Genindlæs siden' })).toBeInTheDocument();
    expect(screen.getByText(/Serveren blev opdateret, mens du spillede/)).toBeInTheDocument();
  });
});
