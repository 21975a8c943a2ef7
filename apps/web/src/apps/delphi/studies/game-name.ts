import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';

/** A game's name in the UI language (the delphi namespace's `games.<game>.name`). */
export function useGameName(): (game: delphi.GameName) => string {
  const { t } = useTranslation('delphi');
  return (game) => t(`games.${game.charAt(0).toLowerCase()}${game.slice(1)}.name` as 'games.quizTime.name');
}
