/**
 * The games of the study /Data shows (GET_STUDY; the sections that each ask share one request,
 * api.call's cooldown), so that a game's own section or plots appear for the studies that have it.
 */
import { useEffect, useState } from 'react';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { useDataScope } from './data-scope';

/** The study's current games in its order; null while GET_STUDY answers; 'unknown' when it cannot be read here (the sections' own calls then say why). */
export type StudyGames = readonly delphi.GameName[] | 'unknown' | null;

export function useStudyGames(): StudyGames {
  const { study } = useDataScope();
  const [games, setGames] = useState<{ study: string; games: StudyGames } | null>(null);
  useEffect(() => {
    let active = true;
    api.call(delphi.getStudy, {}, { id: study }).then(
      (answer) => active && setGames({ study, games: answer.study.games.map((g) => g.game) }),
      () => active && setGames({ study, games: 'unknown' }),
    );
    return () => {
      active = false;
    };
  }, [study]);
  return games?.study === study ? games.games : null;
}

/**
 * Whether /Data shows a game's own section (its plays, its recordings): when the study has the
 * game, when its games cannot be read, or when there are data of it anyway (an earlier version
 * of the study had it). `hasData` null: not known yet. Null: not decided yet (show nothing).
 */
export function showsGameSection(games: StudyGames, game: delphi.GameName, hasData: boolean | null): boolean | null {
  if (games === null) return null;
  if (games === 'unknown' || games.includes(game)) return true;
  return hasData;
}
