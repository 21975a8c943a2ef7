import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { system, type OpenApiDocument } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import { useRevealedCount } from '../../ui/use-revealed-count';
import { groupByTag, operationsOf } from './openapi-model';
import { OperationCard } from './operation-card';

/** The `/api` index page: the OpenAPI reference, read from the server through the api client. */
export function ApiReference() {
  const { t } = useTranslation('api');
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (fresh: boolean) => {
    setLoading(true);
    // A failure raises the `Load API reference Error` box; the last good reference stays visible.
    const result = await runAction(system.openApi, {}, { fresh });
    // A transition: React renders the ~50 operation cards in short slices, yielding to input in
    // between, instead of one long task that blocked a phone's main thread for seconds (ADR 012).
    startTransition(() => {
      if (result.ok) setDocument(result.data);
      setLoading(false);
    });
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  const operations = useMemo(() => (document ? operationsOf(document) : []), [document]);
  // A few cards per task, the first ones at once, in page order so a card is only ever added
  // below the others (nothing moves); the info line counts them all (ADR 032).
  const revealed = useRevealedCount(operations.length);
  const groups = useMemo(() => {
    let before = 0;
    return groupByTag(operations).map(([tag, list]) => {
      const shown = list.slice(0, Math.max(0, revealed - before));
      before += list.length;
      return [tag, shown] as const;
    });
  }, [operations, revealed]);
  return (
    <Stack gap="lg" pb="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text>{t('pages.lead')}</Text>
          {/* Always there (blank until the reference arrives), so its arrival moves nothing below (ADR 023). */}
          <Text size="sm" c="dimmed" aria-hidden={document ? undefined : true}>
            {document
              ? `${document.info.title} · ${t('pages.version', { version: document.info.version })} · ${t('pages.operations', { count: operations.length })}`
              : '\u00a0'}
          </Text>
        </Stack>
        <Button onClick={() => void load(true)} loading={loading}>
          {t('pages.refresh')}
        </Button>
      </Group>
      {loading && !document && (
        // A screen high, like the cards that replace it: the footer is below the fold from the
        // start instead of being pushed down (a layout shift) when they arrive.
        <Group gap="sm" role="status" align="flex-start" mih="100dvh">
          <Loader size="sm" aria-hidden />
          <Text>{t('pages.loading')}</Text>
        </Group>
      )}
      {!loading && !document && <Text c="dimmed">{t('pages.empty')}</Text>}
      {groups.map(
        ([tag, list]) =>
          list.length > 0 && (
            <Stack key={tag} gap="md" component="section" aria-label={tag}>
              <Title order={2} size="h3" tt="capitalize">
                {tag}
              </Title>
              {list.map((operation) => (
                <OperationCard key={`${operation.method} ${operation.path}`} operation={operation} />
              ))}
            </Stack>
          ),
      )}
    </Stack>
  );
}
