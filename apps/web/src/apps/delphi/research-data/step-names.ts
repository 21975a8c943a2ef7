/**
 * A game's progress-step names in the researcher's language (issue 25, ADR 047). A `step` event
 * keeps the name as the participant saw it (their language); /Data names the step from its index
 * with the same texts the game's progress bar uses, in the language of the page. The name as
 * logged stays the fallback: a step index outside today's list (an older version of a game).
 */
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { useGamesNamespace } from '../games/i18n/games-namespace';
import type { DelphiLazyNamespace } from '../i18n/lazy-namespaces';
import { useColorCatchNamespace } from '../games/color-catch/i18n/color-catch-namespace';
import { useMimeNamespace } from '../games/mime-mix/mime-namespace';
import { useMemoNamespace } from '../games/morning-memo/memo-namespace';
import { useWordLinksNamespace } from '../games/word-links/word-links-namespace';

/** Where each game's progress bar takes its step names from: the steps its declaration lists (ADR 064). */
export const STEP_TEXTS: Record<delphi.GameName, { ns: DelphiLazyNamespace; prefix: string; keys: readonly string[] }> = {
  QuizTime: { ns: 'delphiGames', prefix: 'quiz.steps', keys: delphi.QUIZ_TIME.steps },
  FlashMatch: { ns: 'delphiGames', prefix: 'flash.steps', keys: delphi.FLASH_MATCH.steps },
  WordLinks: { ns: 'delphiWordLinks', prefix: 'steps', keys: delphi.WORD_LINKS.steps },
  ColorCatch: { ns: 'delphiColorCatch', prefix: 'steps', keys: delphi.COLOR_CATCH.steps },
  MimeMix: { ns: 'delphiMimeMix', prefix: 'steps', keys: delphi.MIME_MIX.steps },
  MorningMemo: { ns: 'delphiMemo', prefix: 'steps', keys: delphi.MORNING_MEMO.steps },
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
