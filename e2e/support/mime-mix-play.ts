/** Plays Mime Mix through the UI as a participant would: keys 1–6 for the emotion of the cued half. */
import type { Frame, Page } from 'playwright-core';
import { EMOTIONS } from '../../apps/web/src/apps/delphi/games/mime-mix/mime-config.ts';
import { mainTrials, practiceTrials, type MimeTrial } from '../../apps/web/src/apps/delphi/games/mime-mix/mime-trials.ts';
import { visible } from './fixture';

type Surface = Page | Frame;

function pageOf(surface: Surface): Page {
  return 'keyboard' in surface ? surface : surface.page();
}

/**
 * Answers the faces of a round, each with the key of its cued half's emotion, until the page
 * leaves `path`. Whichever face is on screen is answered (at a small time scale a slow
 * machine may let one time out); returns the number of answers given.
 */
async function answerRound(surface: Surface, round: 'practice' | 'main', trials: readonly MimeTrial[], path: string): Promise<number> {
  let answered = 0;
  const ready = surface.locator(`svg[data-trial^="${round}-"][data-ready="true"]`);
  let last = -1;
  while (new URL(surface.url()).pathname === path) {
    try {
      await ready.waitFor({ state: 'visible', timeout: 1_000 });
    } catch {
      continue;
    }
    const index = Number((await ready.getAttribute('data-trial', { timeout: 1_000 }).catch(() => null))?.split('-')[1] ?? -1);
    const trial = trials[index];
    if (!trial || index === last) continue;
    last = index;
    await pageOf(surface).keyboard.press(String(EMOTIONS.indexOf(trial.target) + 1));
    answered += 1;
  }
  return answered;
}

/** Opens Mime Mix from the hub and plays the practice and the game; returns the answers given. */
export async function playMimeMix(surface: Surface): Promise<number> {
  await surface.getByRole('link', { name: 'Play Mime Mix' }).click();
  await visible(surface.getByRole('heading', { name: 'Mime Mix', level: 1 }));
  await surface.getByRole('button', { name: 'Start' }).click();
  await surface.getByRole('button', { name: 'Start the practice round' }).click();
  let answered = await answerRound(surface, 'practice', practiceTrials(), '/MimeMix/TutorialInfo2');
  await surface.getByRole('button', { name: 'Start the game' }).click();
  await surface.waitForURL((url) => url.pathname === '/MimeMix/Game');
  answered += await answerRound(surface, 'main', mainTrials(), '/MimeMix/Game');
  await surface.waitForURL((url) => url.pathname === '/MimeMix/GameEnd');
  return answered;
}
