/**
 * The one-way screens of a game (ADR 015): a screen shows only at its own stage, with the progress
 * bar; a stage left behind cannot be revisited, and a reload (no run in memory) shows the game as
 * played, a refused start or a left game says so.
 */
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import type { delphi } from '@chi/contract';
import { useOutboxSnapshot } from '../outbox/outbox-client';
import { isRunRejected, useGameRun, type GameRun } from '../suite/game-run';
import { isPlayed, useSuiteState } from '../suite/suite-store';
import { AlreadyPlayed } from './already-played';
import { GameProgress } from './game-progress';

export interface GameStageGuardProps<Stage extends string, G extends delphi.GameName = delphi.GameName> {
  readonly gameName: G;
  /** The game's route, e.g. `/FlashMatch`. */
  readonly basePath: string;
  /** The game's current stage and the route child that shows each stage. */
  readonly stage: Stage;
  readonly stagePaths: Readonly<Record<Stage, string>>;
  /** The stages this screen shows. */
  readonly stages: readonly Stage[];
  /** The progress bar's step names and the active one. */
  readonly steps: readonly string[];
  readonly active: number;
  readonly children: (run: GameRun<G>, stage: Stage) => ReactNode;
}

export function GameStageGuard<Stage extends string, G extends delphi.GameName>({ gameName, basePath, stage, stagePaths, stages, steps, active, children }: GameStageGuardProps<Stage, G>) {
  const state = useSuiteState();
  const run = useGameRun(gameName);
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run) return isPlayed(state, gameName) ? <AlreadyPlayed gameName={gameName} /> : <Navigate to={basePath} replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName={gameName} rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName={gameName} />;
  if (!stages.includes(stage)) return <Navigate to={`${basePath}/${stagePaths[stage]}`} replace />;
  return (
    <Stack>
      <GameProgress steps={steps} active={active} />
      {children(run, stage)}
    </Stack>
  );
}
