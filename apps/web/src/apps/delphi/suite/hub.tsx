import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { getOutbox, useOutboxSnapshot } from '../outbox/outbox-client';
import { HUB_GAMES, PLAYABLE_GAMES, type HubGame } from './games';
import { fetchSuite } from './suite-entry';
import { sessionStore } from './safe-storage';
import { isPlayed, setSuite, suiteStore, useSuiteState, type SuiteSession } from './suite-store';

const COMPLETE_KEY = 'chi.delphi.completePosted';

/** Tells the embedding study page once that every available game is played. */
function postCompletion(session: SuiteSession): void {
  if (!session.parentOrigin || sessionStore().getItem(COMPLETE_KEY) === session.suiteId) return;
  window.parent.postMessage({ type: 'chi:suite-complete', participantId: session.participantId }, session.parentOrigin);
  sessionStore().setItem(COMPLETE_KEY, session.suiteId);
}

function GameCard({ game, played }: { game: HubGame; played: boolean }) {
  const { t } = useTranslation('delphi');
  const name = t(`games.${game.key}.name`);
  return (
    <Card withBorder padding="lg" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={3}>{name}</Title>
        <Badge color={played ? 'green' : 'gray'} variant="light">
          {played ? t('suite.played') : t('suite.toPlay')}
        </Badge>
      </Group>
      <Group gap="xs" mb="sm">
        <Text size="sm" c="dimmed">
          {t(`games.${game.key}.duration`)}
        </Text>
        {game.optional && (
          <Badge variant="outline" size="sm">
            {t('suite.optional')}
          </Badge>
        )}
      </Group>
      {game.path === null ? (
        <Text size="sm">{t('suite.comingLater')}</Text>
      ) : (
        !played && (
          <Button component={Link} to={game.path} aria-label={t('suite.play', { game: name })}>
            {t('suite.start')}
          </Button>
        )
      )}
    </Card>
  );
}

/** The participant's hub: the six games, their state, and the suite's 45 minutes. */
export function Hub({ session }: { session: SuiteSession }) {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('suite.hubTitle'));
  const state = useSuiteState();
  const snapshot = useOutboxSnapshot(getOutbox(session.participantId, session.suiteId));

  useEffect(() => {
    let active = true;
    // Fresh from the server: another tab may have played a game meanwhile.
    fetchSuite(session.participantId, session.parentOrigin).then(
      (suite) => active && suite._id === session.suiteId && setSuite(suite),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [session]);

  const allDone = PLAYABLE_GAMES.every((name) => isPlayed(state, name));
  useEffect(() => {
    const current = suiteStore.get();
    const ended = PLAYABLE_GAMES.every((name) => current.suite?.games.some((g) => g.gameName === name && g.ended));
    if (allDone && ended) postCompletion(session);
  }, [allDone, state.suite, session]);

  return (
    <Section>
      <PageIntro title={t('suite.hubTitle')} lead={t('suite.hubLead')}>
        <Text size="sm" c="dimmed">
          {t('suite.participant', { id: session.participantId })}
        </Text>
      </PageIntro>
      <Stack gap="md" pb="xl">
        {allDone && <Alert color="green">{t('suite.allDone')}</Alert>}
        {snapshot.pendingCount > 0 && (
          <Text size="sm" role="status">
            {t('suite.savingPending', { count: snapshot.pendingCount })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {HUB_GAMES.map((game) => (
            <GameCard key={game.name} game={game} played={isPlayed(state, game.name)} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
