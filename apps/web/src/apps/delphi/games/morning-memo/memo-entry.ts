/**
 * Morning Memo in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const memo = chunk(() => import('./memo-routes'));

export const MORNING_MEMO_ENTRY = {
  name: 'MorningMemo',
  chunk: memo,
  hub: { key: 'morningMemo', minutes: 5 },
  routes: [
    {
      name: 'morningMemo',
      path: '/MorningMemo',
      Component: chunkPage(memo, (m) => m.MemoLayout),
      children: [
        { name: 'morningMemoWelcome', path: '', Component: chunkPage(memo, (m) => m.MemoWelcome) },
        { name: 'morningMemoTest', path: 'Test', Component: chunkPage(memo, (m) => m.MemoTest) },
        { name: 'morningMemoBackgroundNoise', path: 'BackgroundNoise', Component: chunkPage(memo, (m) => m.MemoBackgroundNoise) },
        { name: 'morningMemoTalk', path: 'Talk', Component: chunkPage(memo, (m) => m.MemoTalk) },
        { name: 'morningMemoAffectGrid', path: 'AffectGrid', Component: chunkPage(memo, (m) => m.MemoAffectGrid) },
        { name: 'morningMemoAffectGridExamples', path: 'AffectGridExamples', Component: chunkPage(memo, (m) => m.MemoAffectGridExamples) },
        { name: 'morningMemoHowDoYouFeel', path: 'HowDoYouFeel', Component: chunkPage(memo, (m) => m.MemoHowDoYouFeel) },
        { name: 'morningMemoFeedback', path: 'Feedback', Component: chunkPage(memo, (m) => m.MemoFeedback) },
      ],
    },
  ],
} satisfies DelphiGame;
