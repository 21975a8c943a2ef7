/**
 * Mime Mix in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage, lazyPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const mime = chunk(() => import('./mime-routes'));

export const MIME_MIX_ENTRY = {
  name: 'MimeMix',
  chunk: mime,
  hub: { key: 'mimeMix', minutes: 5 },
  routes: [
    {
      name: 'mimeMix',
      path: '/MimeMix',
      Component: chunkPage(mime, (m) => m.MimeLayout),
      children: [
        { name: 'mimeMixWelcome', path: '', Component: chunkPage(mime, (m) => m.MimeWelcome) },
        { name: 'mimeMixTutorialInfo2', path: 'TutorialInfo2', Component: chunkPage(mime, (m) => m.MimeTutorialInfo) },
        { name: 'mimeMixGameStart', path: 'GameStart', Component: chunkPage(mime, (m) => m.MimeGameStart) },
        { name: 'mimeMixGame', path: 'Game', Component: chunkPage(mime, (m) => m.MimeGame) },
        { name: 'mimeMixGameEnd', path: 'GameEnd', Component: chunkPage(mime, (m) => m.MimeGameEnd) },
      ],
    },
    {
      name: 'mimeMixStimuli',
      path: '/Data/MimeMixStimuli',
      Component: lazyPage(() => import('./stimulus-sheet').then((m) => m.MimeStimulusSheet)),
      requiresLogin: true,
    },
  ],
} satisfies DelphiGame;
