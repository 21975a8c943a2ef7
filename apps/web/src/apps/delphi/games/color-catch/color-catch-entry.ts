/**
 * Color Catch in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const colorCatch = chunk(() => import('./color-catch-routes'));

export const COLOR_CATCH_ENTRY = {
  name: 'ColorCatch',
  chunk: colorCatch,
  hub: { key: 'colorCatch', minutes: 7 },
  routes: [
    {
      name: 'colorCatch',
      path: '/ColorCatch',
      Component: chunkPage(colorCatch, (m) => m.ColorCatchLayout),
      children: [
        { name: 'colorCatchWelcome', path: '', Component: chunkPage(colorCatch, (m) => m.ColorWelcome) },
        { name: 'colorCatchTutorial', path: 'Tutorial', Component: chunkPage(colorCatch, (m) => m.ColorTutorial) },
        { name: 'colorCatchGame', path: 'Game', Component: chunkPage(colorCatch, (m) => m.ColorGame) },
        { name: 'colorCatchDone', path: 'Done', Component: chunkPage(colorCatch, (m) => m.ColorDone) },
      ],
    },
  ],
} satisfies DelphiGame;
