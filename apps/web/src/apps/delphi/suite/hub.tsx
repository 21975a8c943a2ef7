import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { Link } from 'react-router';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { getOutbox, useOutboxSnapshot } from '../outbox/outbox-client';
import { HUB_GAMES, PLAYABLE_GAMES, type HubGame } from './games';
import { fetchSessionSuite } from './suite-entry';
import { OpenElsewhere, isOpenElsewhere } from './open-elsewhere';
import { sessionStore } from '../../../shell/durable-queue/safe-storage';
import { isPlayed, setSuite, suiteStore, useSuiteState, type SuiteSession } from './suite-store';
import { gameStatus, minutesLeft, type GameStatus } from './game-status';
import { liveGameNames } from './game-run';
import { useGamesHeldElsewhere } from './held-elsewhere';
import { recoverInterruptedGames } from './interruption-recovery';
import { warmGameChunks } from './game-chunks';
import { DEFAULT_STUDY_SLUG, useEnteredStudy } from './study-state';
import { useStudyLanguage } from './study-language';
import { StudyEnd } from './study-end';
import { PreviewBanner } from './preview-banner';

const COMPLETE_KEY = 'chi.delphi.completePosted';

/** Tells the embedding study page once that every available game is played. */
function postCompletion(session: SuiteSession): void {
  if (!session.parentOrigin || sessionStore().getItem(COMPLETE_KEY) === session.suiteId) return;
  window.parent.postMessage({ type: 'chi:suite-complete', participantId: session.participantId }, session.parentOrigin);
  sessionStore().setItem(COMPLETE_KEY, session.suiteId);
}

/** On the hub: a game's status, or `later`: a study's fixed order opens it once the game before it ended. */
type TileStatus = GameStatus | 'later';

const BADGE: Record<TileStatus, { color: string; key: 'toPlay' | 'played' | 'interrupted' | 'notYet' | 'playing' | 'skipped' | 'elsewhere' | 'later' }> = {
  toPlay: { color: 'blue', key: 'toPlay' },
  playing: { color: 'blue', key: 'playing' },
  elsewhere: { color: 'blue', key: 'elsewhere' },
  completed: { color: 'green', key: 'played' },
  interrupted: { color: 'orange', key: 'interrupted' },
  skipped: { color: 'gray', key: 'skipped' },
  unavailable: { color: 'gray', key: 'notYet' },
  later: { color: 'gray', key: 'later' },
};

function GameCard({ game, status }: { game: HubGame; status: TileStatus }) {
  const { t } = useTranslation('delphi');
  const name = t(`games.${game.key}.name`);
  const badge = BADGE[status];
  return (
    <Card withBorder padding="lg" component="article" aria-label={name} data-status={status}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Title order={3}>{name}</Title>
        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
          {t(`suite.status.${badge.key}`)}
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
      {status === 'unavailable' && <Text size="sm">{t('suite.comingLater')}</Text>}
      {status === 'interrupted' && <Text size="sm">{t('suite.interrupted')}</Text>}
      {status === 'elsewhere' && <Text size="sm">{t('suite.elsewhere')}</Text>}
      {status === 'later' && <Text size="sm">{t('suite.afterPrevious')}</Text>}
      {status === 'toPlay' && game.path !== null && (
        <Button component={Link} to={game.path}>
          {t('suite.play', { game: name })}
        </Button>
      )}
    </Card>
  );
}

/**
 * The hub's games: all six for `/?participantId=`; a study link's own games in the suite's order,
 * each optional when the study's settings for it say so (ADR 073).
 */
function studyGames(session: SuiteSession, suite: delphi.Suite | null, study: delphi.ParticipantStudy | null): readonly HubGame[] {
  if (!session.study || !suite) return HUB_GAMES;
  return suite.games.flatMap((entry) =>
    HUB_GAMES.filter((game) => game.name === entry.gameName).map((game) => {
      const settings = study?.games.find((own) => own.game === game.name)?.settings;
      return settings ? { ...game, optional: settings.optional === true } : game;
    }),
  );
}

/**
 * A study's one order (fixed, random or Latin square all give the participant one): only the next
 * game is open; an optional next game may be passed over, so the one after it opens too. A game
 * being played (here or elsewhere) keeps the rest waiting.
 */
export function inOrder<T extends { game: { optional: boolean }; status: GameStatus }>(tiles: readonly T[]): (T & { status: TileStatus })[] {
  let open = true;
  return tiles.map((tile) => {
    if (tile.status === 'playing' || tile.status === 'elsewhere') open = false;
    if (tile.status !== 'toPlay') return tile;
    if (!open) return { ...tile, status: 'later' as const };
    if (!tile.game.optional) open = false;
    return tile;
  });
}

/** When the hub asks the server for the suite again after it first showed (see Hub). */
const RE_ASK_AFTER_LOAD_MS = [2_000, 8_000] as const;

/** The participant's hub: the six games, what each is for them, and the minutes left to play. */
export function Hub({ session }: { session: SuiteSession }) {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('suite.hubTitle'));
  const state = useSuiteState();
  const snapshot = useOutboxSnapshot(getOutbox(session.participantId, session.suiteId));
  // The suite was released to another device meanwhile (ADR 043).
  const [openElsewhere, setOpenElsewhere] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const [asked, setAsked] = useState(0);
  // A game another tab plays (its lock held): asked again from the server once that tab lets go.
  const elsewhere = useGamesHeldElsewhere(session.suiteId, () => setAsked((n) => n + 1));
  useEffect(() => {
    // The page before this one (a reload, a study page's iframe whose records lived in memory)
    // sent its last records with keepalive as it went; they can land after this page's first
    // read of the suite, which then showed a started game as still to play. Asked again twice.
    const timers = RE_ASK_AFTER_LOAD_MS.map((ms) => setTimeout(() => setAsked((n) => n + 1), ms));
    return () => timers.forEach(clearTimeout);
  }, [session.suiteId]);
  useEffect(() => {
    let active = true;
    // From the server (shared with the entry's call if it was just made): another tab may
    // have played a game meanwhile; a game left mid-way in an earlier page is ended now.
    fetchSessionSuite(session, asked > 0).then(
      (suite) => {
        if (!active || suite._id !== session.suiteId) return;
        setSuite(suite);
        void recoverInterruptedGames();
      },
      (error: unknown) => active && isOpenElsewhere(error) && setOpenElsewhere(true),
    );
    return () => {
      active = false;
    };
  }, [session, attempt, asked]);

  useEffect(() => {
    // Morning Memo recordings that a closed or reloaded page left unsent go from here (ADR 018): a lazy chunk after the first load.
    // Without IndexedDB nothing outlived the page that recorded it.
    if (typeof indexedDB === 'undefined') return;
    void import('../games/morning-memo/memo-client').then((m) => m.resumeUploads()).catch(() => undefined);
  }, []);

  // A study link's suite lists only the study's games, in this participant's order (ADR 071).
  const study = useEnteredStudy(session.study?.slug);
  useStudyLanguage(session.study ? study : null);
  // The default study keeps today's hub exactly: any order, its own optional marks, no end page.
  const ownStudy = session.study !== undefined && session.study.slug !== DEFAULT_STUDY_SLUG;
  const games = useMemo(() => studyGames(session, state.suite, ownStudy ? study : null), [session, state.suite, study, ownStudy]);
  // A study of optional games only ends when each has ended, as on the server (it ended at once).
  const required = useMemo(() => delphi.gamesToComplete(games.filter((game) => game.path !== null), (game) => game.optional).map((game) => game.name), [games]);
  const playable = useMemo(() => (ownStudy ? required : PLAYABLE_GAMES.filter((name) => games.some((game) => game.name === name))), [games, ownStudy, required]);
  const allDone = playable.every((name) => isPlayed(state, name));
  const completed = state.suite?._completedAt !== undefined;
  const live = liveGameNames();
  const tiles = games.map((game) => ({
    game,
    minutes: game.minutes,
    status: gameStatus(state, game.name, { available: game.path !== null, live: live.includes(game.name), elsewhere: elsewhere.includes(game.name) }),
  }));
  const minutes = minutesLeft(tiles);
  const shown = ownStudy ? inOrder(tiles) : tiles;
  const toPlay = tiles.filter((tile) => tile.status === 'toPlay').map((tile) => tile.game.name).join(' ');
  useEffect(() => {
    // The chunks of the games still to play, while the participant reads the hub (ADR 061).
    if (toPlay) warmGameChunks(toPlay.split(' ') as delphi.GameName[]);
  }, [toPlay]);
  useEffect(() => {
    const current = suiteStore.get();
    const ended = playable.every((name) => current.suite?.games.some((g) => g.gameName === name && g.ended));
    if (allDone && ended) postCompletion(session);
  }, [allDone, state.suite, session, playable]);

  // Every required game ended, on the server or in this browser: the study's end (its page, the panel's link).
  const ended = playable.every((name) => state.local[name]?.outcome !== undefined || state.suite?.games.some((g) => g.gameName === name && g.ended));
  // An optional game neither played nor skipped is offered before the end, never passed by unseen
  // (one after the last required game was never shown): the end waits for the participant's choice.
  const optionalLeft = ownStudy && tiles.some((tile) => tile.game.optional && (tile.status === 'toPlay' || tile.status === 'playing' || tile.status === 'elsewhere'));
  const finished = ownStudy && (completed || (allDone && ended)) && !optionalLeft;

  if (openElsewhere) {
    return (
      <OpenElsewhere
        onRetry={() => {
          setOpenElsewhere(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  const banner = session.study?.preview === true && (
    <Section>
      <PreviewBanner />
    </Section>
  );
  if (finished) {
    return (
      <>
        {banner}
        <StudyEnd session={session} study={study} />
      </>
    );
  }
  return (
    <>
    {banner}
    <Section>
      <PageIntro title={t('suite.hubTitle')} lead={t(ownStudy ? 'suite.hubLeadOrdered' : 'suite.hubLead')}>
        {minutes > 0 && <Text>{t('suite.minutesLeft', { minutes })}</Text>}
        <Text size="sm" c="dimmed">
          {t('suite.participant', { id: session.participantId })}
        </Text>
      </PageIntro>
      <Stack gap="md" pb="xl">
        {(allDone || completed) && <Alert color="green">{t(optionalLeft ? 'suite.optionalLeft' : completed ? 'suite.completed' : 'suite.allDone')}</Alert>}
        {snapshot.answersPending > 0 && (
          <Text size="sm" role="status">
            {t('suite.savingPending', { count: snapshot.answersPending })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map(({ game, status }) => (
            <GameCard key={game.name} game={game} status={status} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
    </>
  );
}
