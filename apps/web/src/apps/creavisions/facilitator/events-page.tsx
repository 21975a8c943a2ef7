import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { StatusBadge, usesText } from '../../../ui/keyed-session/keyed-session-cells';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CreateEventForm } from './create-event-form';

/** `/facilitator`: the events the caller facilitates (managers: all) and a form to create one. */
export function EventsPage() {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const when = useFormatDateTime();
  const [events, setEvents] = useState<creavisions.CvEvent[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('facilitator.title'));

  const load = useCallback(async () => {
    const result = await runAction(creavisions.listEvents, {}, { handled: true, fresh: true });
    if (result.ok) setEvents(result.data.events);
    else setFailure(translateErrorMessage(shellT, result.error.message));
  }, [shellT]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Section pb="xl">
      <PageIntro title={t('facilitator.title')} lead={t('facilitator.lead')} />
      <Stack gap="xl">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {events === null && !failure && (
          <Center>
            <Loader aria-label={t('results.loading')} />
          </Center>
        )}
        {events !== null &&
          (events.length === 0 ? (
            <Text c="dimmed">{t('facilitator.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={t('facilitator.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('facilitator.eventTitle')}</Table.Th>
                    <Table.Th>{t('facilitator.name')}</Table.Th>
                    <Table.Th>{t('facilitator.status')}</Table.Th>
                    <Table.Th>{t('facilitator.sessions')}</Table.Th>
                    <Table.Th>{t('facilitator.published')}</Table.Th>
                    <Table.Th>{t('facilitator.uses')}</Table.Th>
                    <Table.Th>{t('facilitator.expires')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((event) => (
                    <Table.Tr key={event._id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/facilitator/${event._id}`}>
                          {event.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{event.name}</Table.Td>
                      <Table.Td>
                        <StatusBadge open={event.status === 'open'} label={t(`facilitator.statuses.${event.status}`)} />
                      </Table.Td>
                      <Table.Td>{event.sessions}</Table.Td>
                      <Table.Td>{event.published}</Table.Td>
                      <Table.Td>{usesText(event.uses, event.maxUses, t('facilitator.unlimited'))}</Table.Td>
                      <Table.Td>{when(event.expiresAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        <CreateEventForm onCreated={() => void load()} />
      </Stack>
    </Section>
  );
}
