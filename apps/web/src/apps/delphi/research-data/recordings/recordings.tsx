/**
 * `/Data`'s recordings: each participant's Morning Memo audio with duration and size, played in
 * the page, downloaded one by one or as a zip; a page at a time from the server (LIST_RECORDINGS).
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../shell/i18n/use-error-text';
import { API_BASE, recordings, resolvePath } from '@chi/contract';
import { api } from '../../../../shell/api/api';
import { DateTime } from '../../../../ui/date-time';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { useDataScope } from '../data-scope';
import { showsGameSection, useStudyGames } from '../study-games';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../../ui/row-cards';

const dkChecked: typeof en = dk;
const ARCHIVE_URL = API_BASE + resolvePath(recordings.downloadArchive);
const PAGE_SIZE = recordings.RECORDINGS_PAGE_SIZE;

export function Recordings() {
  useLazyNamespace('delphiRecordings', { en, dk: dkChecked });
  const { t } = useTranslation('delphiRecordings');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<{ recordings: recordings.Recording[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const { study, runs } = useDataScope();
  // The archive of this study's recordings (ADR 074).
  const archiveUrl = `${ARCHIVE_URL}?${new URLSearchParams({ study, runs }).toString()}`;

  useEffect(() => {
    let active = true;
    api.call(recordings.listRecordings, { study, runs, offset: (page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE }, { fresh: true }).then(
      (answer) => {
        if (!active) return;
        // Recordings deleted since the pager was drawn: go to the last page that still has some.
        const last = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
        if (page > last) setPage(last);
        else setListing(answer);
        setError(null);
      },
      (caught: unknown) => active && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      active = false;
    };
  }, [page, study, runs]);

  const list = listing?.recordings ?? null;
  const total = listing?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Only for a study with Morning Memo, or one that has recordings anyway (an earlier version had it).
  const games = useStudyGames();
  const wide = useTableFits();
  /** Play (then the player) and Download, or "receiving" while its parts arrive. */
  const playCell = (r: recordings.Recording, kind: string) =>
    r.url === null ? (
      <Badge variant="light" color="gray">
        {t('status.receiving')}
      </Badge>
    ) : playing === r._id ? (
      <Stack gap={4}>
        {/* Speech, no captions exist: the researcher listens to analyse it. */}
        <audio controls autoPlay src={r.url} aria-label={t('player', { kind, participant: r.participantId })} style={{ maxWidth: 260 }} />
        <Anchor href={`${r.url}?download=1`} size="sm">
          {t('download')}
        </Anchor>
      </Stack>
    ) : (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => setPlaying(r._id)} aria-label={`${t('play')}: ${kind}, ${r.participantId}`}>
          {t('play')}
        </Button>
        <Anchor href={`${r.url}?download=1`} size="sm" aria-label={`${t('download')}: ${kind}, ${r.participantId}`}>
          {t('download')}
        </Anchor>
      </Group>
    );
  const duration = (r: recordings.Recording) => (r.durationMs === null ? '–' : t('seconds', { seconds: (r.durationMs / 1000).toFixed(1) }));
  const size = (r: recordings.Recording) => (r.status === 'complete' ? t('kilobytes', { kb: (r.bytes / 1024).toFixed(1) }) : '–');
  if (!showsGameSection(games, 'MorningMemo', error !== null ? true : listing === null ? null : total > 0)) return null;
  return (
    <Stack component="section" aria-labelledby="recordings-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="recordings-heading">
          {t('heading')}
        </Title>
        {total > 0 && (
          <Button component="a" href={archiveUrl} download variant="light">
            {t('archive')}
          </Button>
        )}
      </Group>
      <Text c="dimmed">{t('lead')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {t('loadError', { message: errorText(error) })}
        </Alert>
      )}
      {list && list.length === 0 && (
        <Text c="dimmed" role="status">
          {t('none')}
        </Text>
      )}
      {list && list.length > 0 && wide && (
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-labelledby="recordings-heading">
          <Table aria-labelledby="recordings-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('participant')}</Table.Th>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th>{t('duration')}</Table.Th>
                <Table.Th>{t('size')}</Table.Th>
                <Table.Th>{t('recorded')}</Table.Th>
                <Table.Th>{t('play')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => {
                const kind = t(`kinds.${r.kind}`);
                return (
                  <Table.Tr key={r._id} data-recording={r._id}>
                    <Table.Td>{r.participantId}</Table.Td>
                    <Table.Td>{kind}</Table.Td>
                    <Table.Td>{duration(r)}</Table.Td>
                    <Table.Td>{size(r)}</Table.Td>
                    <Table.Td>
                      <DateTime value={r.createdAt} />
                    </Table.Td>
                    <Table.Td>{playCell(r, kind)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list && list.length > 0 && !wide && (
        // A phone: a card per recording, Play and Download in sight (the table's last column was past the edge).
        <RowCards label={t('heading')}>
          {list.map((r) => {
            const kind = t(`kinds.${r.kind}`);
            return (
              <RowCard key={r._id} title={<Text fw={600}>{r.participantId}</Text>}>
                <div data-recording={r._id}>
                  <CardFields
                    fields={[
                      [t('kind'), kind],
                      [t('duration'), duration(r)],
                      [t('size'), size(r)],
                      [t('recorded'), <DateTime key="recorded" value={r.createdAt} />],
                    ]}
                  />
                  <Group mt="xs">{playCell(r, kind)}</Group>
                </div>
              </RowCard>
            );
          })}
        </RowCards>
      )}
      {list && list.length > 0 && (
        <Group component="nav" aria-label={t('pages')} justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" role="status">
            {t('range', { from: (page - 1) * PAGE_SIZE + 1, to: (page - 1) * PAGE_SIZE + list.length, total })}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => {
                setPlaying(null);
                setPage(next);
              }}
              getControlProps={(control) => ({ 'aria-label': t(control === 'previous' ? 'previousPage' : 'nextPage') })}
              getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
