import { useState } from 'react';
import { usePolling } from './use-polling';
import { Alert, Badge, Button, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { HUB_GAMES } from '../suite/games';
import type { ExclusionTarget } from './exclusion-dialog';
import { QualityFlags } from './quality-flags';
import { TimelineButton } from './participant-timeline';
import { ReleaseButton } from './release-button';
import { STATUS_COLOR, STATUS_KEY } from './game-status-label';
import { useDataScope } from './data-scope';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';
import { showsGameSection, useStudyGames } from './study-games';

const PAGE_SIZE = 20;
/** The table's width beside its game columns, and each game column's (six games: the 1,280 px it always had). */
const TABLE_WIDTH_BESIDE_GAMES = 740;
const GAME_COLUMN_WIDTH = 90;

type Listing = { participants: delphi.ParticipantRecord[]; total: number } | { error: string } | null;

/** A game's status (in progress, completed, interrupted, skipped) and its number of responses. */
function GameStateBadge({ game }: { game: delphi.ParticipantRecord['games'][number] | undefined }) {
  const { t } = useTranslation('delphiData');
  const excluded = game?.excluded ? <ExcludedBadge /> : null;
  if (!game || game.status === null) return <Group gap={4}><Text size="sm" c="dimmed">{t('data.state.toPlay')}</Text>{excluded}</Group>;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLOR[game.status]} variant="light">
        {t(`data.state.${STATUS_KEY[game.status]}`)} · {game.responses}
      </Badge>
      {excluded}
    </Group>
  );
}

function ExcludedBadge() {
  const { t } = useTranslation('delphiData');
  return (
    <Badge color="red" variant="filled">
      {t('data.exclusion.excluded')}
    </Badge>
  );
}

/** The participant's id with their exclusion, run and timeline: the row's head in the table and on a card. */
function ParticipantHead({ participant, wrap }: { participant: delphi.ParticipantRecord; wrap: 'wrap' | 'nowrap' }) {
  const { t } = useTranslation('delphiData');
  return (
    <Group gap={4} wrap={wrap}>
      {/* In the table the id stays on one line (it broke at its hyphen); on a card a long panel id may wrap. */}
      <span style={wrap === 'nowrap' ? { whiteSpace: 'nowrap' } : undefined}>{participant.participantId}</span>
      {participant.excluded && <ExcludedBadge />}
      {participant.run !== 'live' && (
        <Badge color="gray" variant="light">
          {t(`data.scope.run.${participant.run}`)}
        </Badge>
      )}
      <TimelineButton suiteId={participant.suiteId} participantId={participant.participantId} />
    </Group>
  );
}

/** Exclude and Undo, for those who manage the study (the server checks again). */
function ExclusionButtons({ participant, onExclusion }: { participant: delphi.ParticipantRecord; onExclusion: (target: ExclusionTarget) => void }) {
  const { t } = useTranslation('delphiData');
  const { canManage } = useDataScope();
  if (!canManage) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {(!participant.excluded || participant.games.some((g) => !g.excluded)) && (
        <Button size="compact-sm" variant="light" color="red" onClick={() => onExclusion({ participant, action: 'exclude' })}
          aria-label={t('data.exclusion.excludeLabel', { id: participant.participantId })}>
          {t('data.exclusion.exclude')}
        </Button>
      )}
      {(participant.excluded || participant.games.some((g) => g.excluded)) && (
        <Button size="compact-sm" variant="light" onClick={() => onExclusion({ participant, action: 'undo' })}
          aria-label={t('data.exclusion.undoLabel', { id: participant.participantId })}>
          {t('data.exclusion.undo')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Every participant with each game's state and response count, their quality flags and the
 * researcher's exclusions, a page at a time; `version` changes after an exclusion to refresh.
 */
export function ParticipantsTable({ version, onExclusion }: { version: number; onExclusion: (target: ExclusionTarget) => void }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, 300);
  const [listing, setListing] = useState<Listing>(null);
  const { study, runs, canManage } = useDataScope();

  usePolling(
    (isActive) =>
      void api.call(delphi.listParticipants, { study, runs, offset: (page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE, filter: debounced }, { fresh: true }).then(
        (answer) => isActive() && setListing(answer),
        (error: Error) => isActive() && setListing({ error: error.message }),
      ),
    [page, debounced, version, study, runs],
  );

  const wide = useTableFits();
  const studyGames = useStudyGames();
  const gameOf = (participant: delphi.ParticipantRecord, name: delphi.GameName) => participant.games.find((g) => g.gameName === name);
  // A column (a line on a card) for each game of the study, and for one with data on this page anyway (an earlier version had it).
  const participants = listing && 'participants' in listing ? listing.participants : [];
  const hasData = (name: delphi.GameName) => participants.some((p) => gameOf(p, name)?.state === 'played' || gameOf(p, name)?.excluded === true);
  const shownGames = HUB_GAMES.filter((game) => showsGameSection(studyGames, game.name, hasData(game.name)));
  const pages = listing && 'total' in listing ? Math.max(1, Math.ceil(listing.total / PAGE_SIZE)) : 1;
  return (
    <Stack component="section" aria-labelledby="participants-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="participants-heading">
          {t('data.participantsHeading')}
        </Title>
        <TextInput
          label={t('data.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {listing === null || studyGames === null ? (
        <Loader aria-hidden />
      ) : 'error' in listing ? (
        <Alert color="red" role="alert">
          {t('data.loadError', { message: errorText(listing.error) })}
        </Alert>
      ) : listing.participants.length === 0 ? (
        <Text c="dimmed" role="status">
          {debounced === '' ? t('data.noParticipants') : t('data.noMatch', { filter: debounced })}
        </Text>
      ) : (
        <>
          {wide ? (
            <Table.ScrollContainer minWidth={TABLE_WIDTH_BESIDE_GAMES + GAME_COLUMN_WIDTH * shownGames.length} type="native" tabIndex={0} role="region" aria-labelledby="participants-heading">
              <Table striped aria-labelledby="participants-heading">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('data.participantId')}</Table.Th>
                    {shownGames.map((game) => (
                      <Table.Th key={game.name}>{tSuite(`games.${game.key}.name`)}</Table.Th>
                    ))}
                    <Table.Th>{t('data.responses')}</Table.Th>
                    <Table.Th miw={260}>{t('data.flags.heading')}</Table.Th>
                    <Table.Th>{t('data.exclusion.heading')}</Table.Th>
                    <Table.Th>{t('data.created')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {listing.participants.map((participant) => (
                    <Table.Tr key={participant.suiteId}>
                      <Table.Th scope="row">
                        <ParticipantHead participant={participant} wrap="nowrap" />
                        {canManage && <ReleaseButton suiteId={participant.suiteId} participantId={participant.participantId} />}
                      </Table.Th>
                      {shownGames.map((game) => (
                        <Table.Td key={game.name}>
                          <GameStateBadge game={gameOf(participant, game.name)} />
                        </Table.Td>
                      ))}
                      <Table.Td>{participant.responses}</Table.Td>
                      <Table.Td><QualityFlags flags={participant.flags} /></Table.Td>
                      <Table.Td><ExclusionButtons participant={participant} onExclusion={onExclusion} /></Table.Td>
                      <Table.Td><DateTime value={participant.createdAt} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            // A phone: one card per participant, its games one a line and its actions in sight
            // (the table was 1,280 px wide, its flags and Exclude far past the screen's edge).
            <RowCards label={t('data.participantsHeading')}>
              {listing.participants.map((participant) => (
                <RowCard key={participant.suiteId} title={<Text fw={600} component="div"><ParticipantHead participant={participant} wrap="wrap" /></Text>}>
                  <CardFields
                    columns={1}
                    fields={[
                      ...shownGames.map((game) => [tSuite(`games.${game.key}.name`), <GameStateBadge key={game.name} game={gameOf(participant, game.name)} />] as const),
                      [t('data.responses'), participant.responses],
                      [t('data.created'), <DateTime key="created" value={participant.createdAt} />],
                    ]}
                  />
                  <Stack gap={4} mt="xs">
                    <Text size="sm" c="dimmed">{t('data.flags.heading')}</Text>
                    <QualityFlags flags={participant.flags} />
                  </Stack>
                  <Group gap="xs" mt="xs" wrap="wrap">
                    <ExclusionButtons participant={participant} onExclusion={onExclusion} />
                    {canManage && <ReleaseButton suiteId={participant.suiteId} participantId={participant.participantId} />}
                  </Group>
                </RowCard>
              ))}
            </RowCards>
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t('data.previous') : control === 'next' ? t('data.next') : undefined })}
            />
          )}
          <Text size="sm" c="dimmed">
            {t('data.page', { page, pages })}
          </Text>
        </>
      )}
    </Stack>
  );
}
