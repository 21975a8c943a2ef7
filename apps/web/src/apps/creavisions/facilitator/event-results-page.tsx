import { useEffect, useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_BASE, creavisions, resolvePath } from '@chi/contract';
import type { OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { ResultsPending } from '../../../ui/keyed-session/results-pending';
import { StatusBadge } from '../../../ui/keyed-session/keyed-session-cells';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { EventStatusControl } from './event-status-control';
import { Timeline } from './timeline';

type Details = OutputOf<typeof creavisions.getEvent>;

/** An account participant shows as "account"; a key participant as their user id. */
function participantName(participant: string): string {
  return participant.startsWith('account:') ? `account ${participant.slice(8, 16)}` : participant;
}

/** `/facilitator/:eventId`: sittings, entries, the timeline of every step, the exports, close and reopen. */
export function EventResultsPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const when = useFormatDateTime();
  const [details, setDetails] = useState<Details | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(details?.event.title ?? t('facilitator.title'));

  useEffect(() => {
    void (async () => {
      const result = await runAction(creavisions.getEvent, {}, { id: eventId, handled: true, fresh: true });
      if (result.ok) setDetails(result.data);
      else setFailure(translateErrorMessage(shellT, result.error.message));
    })();
  }, [eventId, shellT]);

  if (!details) return <ResultsPending failure={failure} loadingLabel={t('results.loading')} />;

  const { event, sessions, entries } = details;
  const exportHref = (format: 'csv' | 'json') => `${API_BASE}${resolvePath(creavisions.exportEvent, event._id)}?format=${format}`;
  return (
    <Section pb="xl">
      <PageIntro title={event.title} lead={event.description} />
      <Stack gap="xl">
        <Group gap="sm" wrap="wrap">
          <StatusBadge open={event.status === 'open'} label={t(`facilitator.statuses.${event.status}`)} />
          <Text size="sm">{event.name}</Text>
          <EventStatusControl event={event} onChange={(next) => setDetails({ ...details, event: next })} />
        </Group>
        <Group gap="sm" wrap="wrap" aria-label={t('results.export')} role="group">
          <Button component="a" href={exportHref('csv')} download variant="default" size="sm">
            {t('results.exportCsv')}
          </Button>
          <Button component="a" href={exportHref('json')} download variant="default" size="sm">
            {t('results.exportJson')}
          </Button>
        </Group>

        <Stack gap="sm" component="section" aria-labelledby="cv-sittings-title">
          <Title order={2} id="cv-sittings-title">
            {t('results.sessionsTitle')}
          </Title>
          {sessions.length === 0 ? (
            <Text c="dimmed">{t('results.noSessions')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-labelledby="cv-sittings-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('results.participant')}</Table.Th>
                    <Table.Th>{t('results.via')}</Table.Th>
                    <Table.Th>{t('results.started')}</Table.Th>
                    <Table.Th>{t('results.lastSeen')}</Table.Th>
                    <Table.Th>{t('results.steps')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.map((s) => (
                    <Table.Tr key={s._id}>
                      <Table.Td>{participantName(s.participant)}</Table.Td>
                      <Table.Td>{t(`results.vias.${s.via}`)}</Table.Td>
                      <Table.Td>{when(s.createdAt)}</Table.Td>
                      <Table.Td>{when(s.lastSeenAt)}</Table.Td>
                      <Table.Td>{s.steps}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="cv-entries-title">
          <Title order={2} id="cv-entries-title">
            {t('results.entriesTitle')}
          </Title>
          {entries.length === 0 ? (
            <Text c="dimmed">{t('results.noEntries')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-labelledby="cv-entries-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('results.participant')}</Table.Th>
                    <Table.Th>{t('results.entry')}</Table.Th>
                    <Table.Th>{t('results.state')}</Table.Th>
                    <Table.Th>{t('results.updated')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((e) => (
                    <Table.Tr key={e._id}>
                      <Table.Td>{participantName(e.participant)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {e.title && <Text fw={600}>{e.title}</Text>}
                        <Text size="sm">{e.text}</Text>
                      </Table.Td>
                      <Table.Td>{e.published ? t('vision.published') : t('vision.draft')}</Table.Td>
                      <Table.Td>{when(e.updatedAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>

        <Timeline eventId={event._id} participantName={participantName} />
      </Stack>
    </Section>
  );
}
