/**
 * A game's progress-step names in the researcher's language (issue 25, ADR 047). A `step` event
 * keeps the name as the participant saw it (their language); /Data names the step from its index
 * with the same texts the game's progress bar uses, in the language of the page. The name as
 * logged stays the fallback: a step index outside today's list (an older version of a game).
 */
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { useGamesNamespace } from '../games/i18n/games-namespace';
import type { DelphiLazyNamespace } from '../i18n/lazy-namespaces';
import { COLOR_STEPS } from '../games/color-catch/color-catch-config';
import { useColorCatchNamespace } from '../games/color-catch/i18n/color-catch-namespace';
import { FLASH_STEPS } from '../games/flash-match/flash-config';
import { MIME_STEPS } from '../games/mime-mix/mime-config';
import { useMimeNamespace } from '../games/mime-mix/mime-namespace';
import { useMemoNamespace } from '../games/morning-memo/memo-namespace';
import { MEMO_STEPS } from '../games/morning-memo/memo-steps';
import { QUIZ_STEPS } from '../games/quiz-time/quiz-config';
import { WORD_LINKS_STEPS } from '../games/word-links/word-links-config';
import { useWordLinksNamespace } from '../games/word-links/word-links-namespace';

/** Where each game's progress bar takes its step names from. */
export const STEP_TEXTS: Record<delphi.GameName, { ns: DelphiLazyNamespace; prefix: string; keys: readonly string[] }> = {
  QuizTime: { ns: 'delphiGames', prefix: 'quiz.steps', keys: QUIZ_STEPS },
  FlashMatch: { ns: 'delphiGames', prefix: 'flash.steps', keys: FLASH_STEPS },
  WordLinks: { ns: 'delphiWordLinks', prefix: 'steps', keys: WORD_LINKS_STEPS },
  ColorCatch: { ns: 'delphiColorCatch', prefix: 'steps', keys: COLOR_STEPS },
  MimeMix: { ns: 'delphiMimeMix', prefix: 'steps', keys: MIME_STEPS },
  MorningMemo: { ns: 'delphiMemo', prefix: 'steps', keys: MEMO_STEPS },
};

/** Names a step (index from 0, of `steps`) of a game in the page's language; `logged` when unknown. */
export function useStepName(): (gameName: delphi.GameName | null, step: number, steps: number | null, logged: string) => string {
  useGamesNamespace();
  useWordLinksNamespace();
  useColorCatchNamespace();
  useMimeNamespace();
  useMemoNamespace();
  const { t } = useTranslation();
  return (gameName, step, steps, logged) => {
    const source = gameName === null ? undefined : STEP_TEXTS[gameName];
    const key = source?.keys[step];
    if (!source || key === undefined || (steps !== null && steps !== source.keys.length)) return logged;
    return t(`${source.prefix}.${key}`, { ns: source.ns, defaultValue: logged });
  };
}
