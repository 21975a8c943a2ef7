import { useEffect, useState } from 'react';
import { Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { useFormatDateTime } from '../../../shell/i18n/format-date';

const PAGE = 50;

function detail(record: creavisions.LogRecord): string {
  const { title, text, query, imageUrl } = record.data;
  if (query) return `“${query}”`;
  if (title || text) return [title, text].filter(Boolean).join(' — ');
  if (imageUrl) return imageUrl;
  return '';
}

/** The event's log as a timeline, in the order the server received the steps, a page at a time. */
export function Timeline({ eventId, participantName }: { eventId: string; participantName: (participant: string) => string }) {
  const { t } = useTranslation('creavisions');
  const when = useFormatDateTime();
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ records: creavisions.LogRecord[]; total: number } | null>(null);

  useEffect(() => {
    let live = true;
    setPage(null);
    void (async () => {
      const result = await runAction(creavisions.eventLog, { offset, limit: PAGE }, { id: eventId, fresh: true });
      if (live && result.ok) setPage(result.data);
    })();
    return () => {
      live = false;
    };
  }, [eventId, offset]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="cv-timeline-title">
      <Title order={2} id="cv-timeline-title">
        {t('results.timelineTitle')}
      </Title>
      {page === null ? (
        <Group role="status">
          <Loader size="xs" />
          <Text size="sm">{t('results.loading')}</Text>
        </Group>
      ) : page.total === 0 ? (
        <Text c="dimmed">{t('results.noSteps')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('results.timelineCount', { from: offset + 1, to: offset + page.records.length, total: page.total })}
          </Text>
          <List spacing="xs" listStyleType="none" data-testid="cv-timeline">
            {page.records.map((record) => (
              <List.Item key={record._id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed">
                    {when(record.receivedAt)}
                  </Text>{' '}
                  <Text span fw={600}>
                    {participantName(record.participant)}
                  </Text>{' '}
                  {t(`results.kinds.${record.kind}`)}
                  {detail(record) && ` ${detail(record)}`}
                </Text>
              </List.Item>
            ))}
          </List>
          {page.total > PAGE && (
            <Group gap="sm">
              <Button variant="default" size="compact-sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                {t('gallery.previous')}
              </Button>
              <Button variant="default" size="compact-sm" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
                {t('gallery.next')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
