/**
 * A game's welcome screen (its first progress step): the title, what the game asks, and Start,
 * or the "already played" notice (SPEC §4: a game is played once). Every game's '' route uses it.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { isPlayed, useSuiteState } from '../suite/suite-store';
import { AlreadyPlayed } from './already-played';
import { GameProgress } from './game-progress';

export interface GameWelcomeProps {
  readonly gameName: delphi.GameName;
  readonly steps: readonly string[];
  readonly title: string;
  readonly body: string;
  readonly onStart: () => void;
}

export function GameWelcome({ gameName, steps, title, body, onStart }: GameWelcomeProps) {
  const { t } = useTranslation('delphiGames');
  const state = useSuiteState();
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
