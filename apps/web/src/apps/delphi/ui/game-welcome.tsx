/**
 * A game's welcome screen (its first progress step): the title, what the game asks, and Start,
 * or the "already played" notice (SPEC §4: a game is played once). Every game's '' route uses it:
 * without a suite session the games are unavailable, and a run already past the welcome goes on
 * where it is (one way, ADR 015).
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { delphi } from '@chi/contract';
import { useGameRun } from '../suite/game-run';
import { isPlayed, useSuiteState } from '../suite/suite-store';
import { AlreadyPlayed } from './already-played';
import { GameProgress } from './game-progress';

export interface GameWelcomeProps {
  readonly gameName: delphi.GameName;
  /** The game's route, e.g. `/FlashMatch`. */
  readonly basePath: string;
  readonly steps: readonly string[];
  readonly title: string;
  readonly body: string;
  /** The route child of the stage the game is at, or null while it is at the welcome. */
  readonly resumePath: string | null;
  /** Starts the run; returns the route child of its first screen, or null when it did not start. */
  readonly start: () => string | null;
}

export function GameWelcome({ gameName, basePath, steps, title, body, resumePath, start }: GameWelcomeProps) {
  const { t } = useTranslation('delphiGames');
  const state = useSuiteState();
  const run = useGameRun(gameName);
  const navigate = useNavigate();
  if (!state.session) return <Navigate to="/GamesUnavailable" replace />;
  if (run && resumePath !== null) return <Navigate to={`${basePath}/${resumePath}`} replace />;
  const onStart = () => {
    const first = start();
    if (first !== null) void navigate(`${basePath}/${first}`);
  };
  return (
    <Stack>
      <GameProgress steps={steps} active={0} />
      <Title order={1}>{title}</Title>
      <Text>{body}</Text>
      {isPlayed(state, gameName) ? (
        <AlreadyPlayed gameName={gameName} />
      ) : (
        <Button w="fit-content" size="lg" onClick={onStart}>
          {t('play.start')}
        </Button>
      )}
    </Stack>
  );
}
