/**
 * Flash Match in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const flash = chunk(() => import('./flash-routes'));

export const FLASH_MATCH_ENTRY = {
  name: 'FlashMatch',
  chunk: flash,
  hub: { key: 'flashMatch', minutes: 8 },
  routes: [
    {
      name: 'flashMatch',
      path: '/FlashMatch',
      Component: chunkPage(flash, (m) => m.FlashLayout),
      children: [
        { name: 'flashMatchWelcome', path: '', Component: chunkPage(flash, (m) => m.FlashWelcome) },
        { name: 'flashMatchSearchIntro', path: 'SearchIntro', Component: chunkPage(flash, (m) => m.FlashSearchIntro) },
        { name: 'flashMatchSearch', path: 'Search', Component: chunkPage(flash, (m) => m.FlashSearch) },
        { name: 'flashMatchSearchBreak', path: 'SearchBreak', Component: chunkPage(flash, (m) => m.FlashSearchBreak) },
        { name: 'flashMatchSearchEnd', path: 'SearchEnd', Component: chunkPage(flash, (m) => m.FlashSearchEnd) },
        { name: 'flashMatchComparisonIntro', path: 'ComparisonIntro', Component: chunkPage(flash, (m) => m.FlashComparisonIntro) },
        { name: 'flashMatchComparison', path: 'Comparison', Component: chunkPage(flash, (m) => m.FlashComparison) },
        { name: 'flashMatchComparisonBreak', path: 'ComparisonBreak', Component: chunkPage(flash, (m) => m.FlashComparisonBreak) },
        { name: 'flashMatchFeedback', path: 'Feedback', Component: chunkPage(flash, (m) => m.FlashFeedback) },
      ],
    },
  ],
} satisfies DelphiGame;
