/**
 * The reader of one strategy document: loaded with the generic `documents.get` (the same
 * visibility as the list), its Markdown body rendered sanitised (ui/markdown). A dialog over
 * the table, opened by the URL's `doc`, so a reload or a link reopens it.
 */
import { useEffect, useState } from 'react';
import { Badge, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { documents, strategies, type documents as Documents } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { DateTime } from '../../../ui/date-time';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { useStrategiesTranslation, useStrategyLabels } from './i18n/use-strategies-translation';

type Loaded = { id: string; document: Documents.StoredDocument | null };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function StrategyReader({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useStrategiesTranslation();
  const label = useStrategyLabels();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    const filter = { _appId: strategies.STRATEGY_APP, _dataType: strategies.STRATEGY_DATA_TYPE, _id: id };
    void runAction(documents.get, { filter }, { params: { appId: strategies.STRATEGY_APP, dataType: strategies.STRATEGY_DATA_TYPE }, fresh: true, handled: true }).then((result) => {
      if (live) setLoaded({ id, document: result.ok ? result.data : null });
    });
    return () => {
      live = false;
    };
  }, [id]);

  const current = loaded !== null && loaded.id === id ? loaded : null;
  const document = current?.document ?? null;
  const title = document ? text(document.title) : current ? t('readerMissing') : t('readerLoading');
  return (
    <Modal opened={id !== null} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('readerClose') }}>
      {!current && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('readerLoading')}</Text>
        </Group>
      )}
      {current && !document && <Text role="alert">{t('readerMissing')}</Text>}
      {document && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{label('topics', document.topic)}</Badge>
            <Badge variant="light" color="grape">
              {label('horizons', document.horizon)}
            </Badge>
            <Badge variant="light" color={document.status === 'adopted' ? 'green' : document.status === 'retired' ? 'gray' : 'yellow'}>
              {label('statuses', document.status)}
            </Badge>
            {typeof document.year === 'number' && <Text size="sm">{document.year}</Text>}
            <Text size="sm" c="dimmed">
              <DateTime value={document._updatedAt} />
            </Text>
          </Group>
          <Text fw={500}>{text(document.summary)}</Text>
          <LazyMarkdownView markdown={text(document.body)} />
        </Stack>
      )}
    </Modal>
  );
}
