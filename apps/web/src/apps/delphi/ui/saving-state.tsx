import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageOutdated } from '../../../shell/api/page-outdated';
import type { OutboxSnapshot } from '../outbox/outbox';
import { useOutboxSnapshot } from '../outbox/outbox-client';
import type { GameRun } from '../suite/game-run';
import { useServerScores, type ServerScores } from '../suite/use-server-scores';

/**
 * The server was updated while this page was open and its answers no longer fit the page (ADR 080):
 * the records wait on this device, and a reload (the participant's own tap) sends them.
 */
export function ReloadToSave() {
  const { t } = useTranslation('delphiGames');
  return (
    <Stack gap="xs" mt="xs" align="flex-start">
      <Text size="sm">{t('play.savingOutdated')}</Text>
      <Button onClick={() => window.location.reload()}>
        {t('play.reload')}
      </Button>
    </Stack>
  );
}

/** Shown at the end of a game until its records are acknowledged; says so when the server is away. */
export function SavingState({ snapshot }: { snapshot: OutboxSnapshot }) {
  const { t } = useTranslation('delphiGames');
  const outdated = usePageOutdated();
  return (
    <Alert color="indigo" variant="light" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text fw={600}>{t('play.saving')}</Text>
      </Group>
      {outdated ? (
        <ReloadToSave />
      ) : (
        snapshot.retrying && (
          <Text size="sm" mt="xs">
            {t('play.savingRetry')}
          </Text>
        )
      )}
    </Alert>
  );
}

/** Records the server refused for good: never silent, the participant tells the researcher. */
export function NotSavedNotice({ count }: { count: number }) {
  const { t } = useTranslation('delphiGames');
  if (count === 0) return null;
  return (
    <Alert color="red" role="alert" mt="md">
      {t('play.notSaved', { count })}
    </Alert>
  );
}

/**
 * The end of every Feedback screen: this game's records refused for good, and the way back once
 * everything the page holds is saved. That is the whole outbox, not only this game's records:
 * the Feedback step's own session event is sent after the game's last record, and while storage
 * is denied the page asks before leaving until it is acknowledged too (page-exit.ts). The link
 * says "you may go" only when leaving no longer asks.
 */
export function FeedbackFooter({ run }: { run: GameRun }) {
  const { t } = useTranslation('delphiGames');
  const snapshot = useOutboxSnapshot(run.outbox);
  const dead = run.outbox.deadLetters().filter((letter) => letter.gameRef === run.gameRef).length;
  return (
    <>
      <NotSavedNotice count={dead} />
      {snapshot.pendingCount === 0 && (
        <Button component={Link} to="/" w="fit-content" variant="light">
          {t('play.toHub')}
        </Button>
      )}
    </>
  );
}

/**
 * A game's Feedback screen: its title; until the server has the scores, `notReady` and, while
 * records wait, the saving state; then `scores(server)` (the server's figures, or the locally
 * counted ones when it cannot be asked); and the footer with the way back to the games.
 */
export function GameFeedback({ run, title, notReady, scores }: { run: GameRun; title: string; notReady: string; scores: (server: Exclude<ServerScores, { state: 'waiting' }>) => ReactNode }) {
  const pending = run.outbox.pendingCount(run.gameRef);
  const server = useServerScores(run, pending);
  return (
    <>
      <Title order={1}>{title}</Title>
      {server.state === 'waiting' ? (
        <>
          <Alert color="gray">{notReady}</Alert>
          {pending > 0 && <SavingState snapshot={run.outbox.getSnapshot()} />}
        </>
      ) : (
        scores(server)
      )}
      <FeedbackFooter run={run} />
    </>
  );
}
