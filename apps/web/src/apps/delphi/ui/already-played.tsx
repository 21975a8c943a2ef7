import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { delphi } from '@chi/contract';
import { gameStatus } from '../suite/game-status';
import { useSuiteState } from '../suite/suite-store';

/**
 * A played game is never replayed: a reload, a second tab or a 409 from startGame lands here.
 * A game left mid-way says so: interrupted, its answers so far saved.
 */
export function AlreadyPlayed({ gameName, rejected = false }: { gameName: delphi.GameName; rejected?: boolean }) {
  const { t } = useTranslation('delphiGames');
  const state = useSuiteState();
  // A start the server refused was played elsewhere: nothing of it was left here.
  const interrupted = !rejected && gameStatus(state, gameName, { available: true, live: false }) === 'interrupted';
  return (
    <Alert color="orange" title={interrupted ? t('play.interrupted') : t('play.alreadyPlayed')} role="alert">
      {interrupted ? t('play.interruptedBody') : t('play.alreadyPlayedBody')}
      <Button component={Link} to="/" mt="md" display="block" w="fit-content">
        {t('play.toHub')}
      </Button>
    </Alert>
  );
}
