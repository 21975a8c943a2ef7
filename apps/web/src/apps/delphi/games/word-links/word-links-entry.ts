/**
 * Word Links in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const wordLinks = chunk(() => import('./word-links-routes'));

export const WORD_LINKS_ENTRY = {
  name: 'WordLinks',
  chunk: wordLinks,
  hub: { key: 'wordLinks', minutes: 10 },
  routes: [
    {
      name: 'wordLinks',
      path: '/WordLinks',
      Component: chunkPage(wordLinks, (m) => m.WordLinksLayout),
      children: [
        { name: 'wordLinksIntro', path: '', Component: chunkPage(wordLinks, (m) => m.WordLinksIntro) },
        { name: 'wordLinksLevel1', path: 'level1/:round', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel1Round) },
        { name: 'wordLinksLevel2', path: 'level2/:round', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel2Round) },
        { name: 'wordLinksLevel1Results', path: 'level1/round/:round/results', Component: chunkPage(wordLinks, (m) => m.WordLinksLevel1Results) },
        { name: 'wordLinksResults', path: 'level2/round/:round/results', Component: chunkPage(wordLinks, (m) => m.WordLinksRoundResults) },
        { name: 'wordLinksFeedback', path: 'Feedback', Component: chunkPage(wordLinks, (m) => m.WordLinksFeedback) },
      ],
    },
  ],
} satisfies DelphiGame;
