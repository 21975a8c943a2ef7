import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { system, type OpenApiDocument } from '@chi/contract';
import builtReference from 'virtual:chi-openapi';
import { runAction } from '../../shell/api/run-action';
import { useRevealedCount } from '../../ui/use-revealed-count';
import { groupByTag, operationsOf } from './openapi-model';
import { OperationCard } from './operation-card';
import { MORE_ATTRIBUTE } from '../../shell/prerender-marker';

/**
 * The `/api` index page: the OpenAPI reference. Shown at once as the contract the client was
 * built with describes it (build/openapi-document.ts), so its prerendered first screen holds
 * cards and no loader and the live page's first render draws the same markup (ADR 040); then
 * replaced by the server's own document, asked in the background (a server deployed apart from
 * this client may differ); Refresh asks again.
 */
export function ApiReference() {
  const { t } = useTranslation('api');
  const [document, setDocument] = useState<OpenApiDocument>(builtReference);
  const [refreshing, setRefreshing] = useState(false);

  const load = useCallback(async (fresh: boolean) => {
    if (fresh) setRefreshing(true);
    // A failure raises the `Load API reference Error` box; the reference shown stays.
    const result = await runAction(system.openApi, {}, { fresh });
    // A transition: the cards a new document changes render in short slices (ADR 012).
    startTransition(() => {
      // The same reference again keeps the shown one: its cards are not all rendered anew.
      if (result.ok) setDocument((shown) => (JSON.stringify(shown) === JSON.stringify(result.data) ? shown : result.data));
      setRefreshing(false);
    });
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  const operations = useMemo(() => operationsOf(document), [document]);
  // A few cards per task, the first ones at once, in page order so a card is only ever added
  // below the others (nothing moves); the info line counts them all (ADR 032). The prerendered
  // page holds the first few, as the live page's first render does.
  const revealed = useRevealedCount(operations.length);
  const groups = useMemo(() => {
    let before = 0;
    return groupByTag(operations).map(([tag, list]) => {
      const shown = list.slice(0, Math.max(0, revealed - before));
      before += list.length;
      return [tag, shown] as const;
    });
  }, [operations, revealed]);
  const titles: Record<string, string | undefined> = t('pages.groups', { returnObjects: true });
  const hidden = operations.length - revealed;
  return (
    <Stack gap="lg" pb="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text>{t('pages.lead')}</Text>
          <Text size="sm" c="dimmed">
            {`${document.info.title} · ${t('pages.version', { version: document.info.version })} · ${t('pages.operations', { count: operations.length })}`}
          </Text>
        </Stack>
        <Button onClick={() => void load(true)} loading={refreshing}>
          {t('pages.refresh')}
        </Button>
      </Group>
      {groups.map(
        ([tag, list]) =>
          list.length > 0 && (
            <Stack key={tag} gap="md" component="section" aria-label={groupTitle(titles, tag)}>
              <Title order={2} size="h3">
                {groupTitle(titles, tag)}
              </Title>
              {list.map((operation) => (
                <OperationCard key={`${operation.method} ${operation.path}`} operation={operation} />
              ))}
            </Stack>
          ),
      )}
      {hidden > 0 && (
        // The prerendered page holds the first cards only; scrolled near this line it starts the
        // live page, which adds the others (issue 25 item 12, ADR 050).
        <Text c="dimmed" {...{ [MORE_ATTRIBUTE]: '' }}>
          {t('pages.more', { count: hidden })}
        </Text>
      )}
    </Stack>
  );
}

/** A group's heading: its translated name (tags are app ids), else the tag as it is. */
function groupTitle(titles: Record<string, string | undefined>, tag: string): string {
  return titles[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);
}
