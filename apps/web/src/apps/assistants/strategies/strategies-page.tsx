/**
 * `/quantumStrategies` (SPEC §2, issue 16 part 3): the strategy documents in a table with
 * filters, sorting and paging done by the server (listQuantumStrategyDocuments), a full-text
 * search, and a reader for one document (sanitised Markdown). All of its state is in the URL
 * (strategy-list-state.ts), so a view can be linked to and survives a reload.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Loader, NativeSelect, Pagination, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { strategies, type InputOf, type OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { DateTime } from '../../../ui/date-time';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useStrategiesTranslation, useStrategyLabels, type LabelGroup } from './i18n/use-strategies-translation';
import { StrategyReader } from './strategy-reader';
import { DEFAULT_STATE, listInput, nextSort, type SortField, type StrategyListState } from './strategy-list-state';
import { useListState } from './use-list-state';

type ListOutput = OutputOf<typeof strategies.listQuantumStrategyDocuments>;
/** An answer with the rows' own place in the list (`offset`): the state may already ask for another page. */
type Loaded = { key: string; offset: number; data: ListOutput } | { key: string; error: string };

function useStrategyList(state: StrategyListState): { loaded: Loaded | null; loading: boolean } {
  const input = useMemo(() => listInput(state), [state]);
  const key = JSON.stringify(input);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    const input = JSON.parse(key) as InputOf<typeof strategies.listQuantumStrategyDocuments>;
    void runAction(strategies.listQuantumStrategyDocuments, input, { fresh: true, handled: true }).then((result) => {
      if (!live) return;
      setLoaded(result.ok ? { key, offset: input.offset ?? 0, data: result.data } : { key, error: result.error.message });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { loaded, loading: loaded?.key !== key };
}

const COLUMNS: readonly SortField[] = ['title', 'topic', 'horizon', 'status', 'year', '_updatedAt'];

export function StrategiesPage() {
  const { t } = useStrategiesTranslation();
  useDocumentTitle(t('title'));
  const [state, update] = useListState();
  const { loaded, loading } = useStrategyList(state);
  const [typed, setTyped] = useState(state.query);
  useEffect(() => setTyped(state.query), [state.query]);

  const label = useStrategyLabels();
  const options = (values: readonly string[], group: LabelGroup) => [{ value: '', label: t('any') }, ...values.map((value) => ({ value, label: label(group, value) }))];

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ query: typed.trim(), page: 1 });
  };
  const filtered = state.topic !== null || state.horizon !== null || state.status !== null || state.query !== '';
  const data = loaded && 'data' in loaded ? loaded.data : null;
  // The range of the rows on screen, not of the page being asked for: while page 2 loads, page 1's rows stay and say so.
  const shownFrom = loaded && 'data' in loaded ? loaded.offset + 1 : 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / state.pageSize)) : 1;

  return (
    <Section>
      <PageIntro title={t('title')} lead={t('lead')} />
      <Stack gap="md" pb="xl">
        <form onSubmit={search} role="search">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maxLength={strategies.MAX_STRATEGY_QUERY}
              style={{ flex: '1 1 16rem' }}
              type="search"
            />
            <Button type="submit">{t('searchButton')}</Button>
            {state.query && (
              <Button variant="default" onClick={() => update({ query: '', page: 1 })}>
                {t('clearSearch')}
              </Button>
            )}
          </Group>
        </form>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NativeSelect label={t('topic')} data={options(strategies.STRATEGY_TOPICS, 'topics')} value={state.topic ?? ''} onChange={(e) => update({ topic: (e.currentTarget.value || null) as StrategyListState['topic'], page: 1 })} />
          <NativeSelect label={t('horizon')} data={options(strategies.STRATEGY_HORIZONS, 'horizons')} value={state.horizon ?? ''} onChange={(e) => update({ horizon: (e.currentTarget.value || null) as StrategyListState['horizon'], page: 1 })} />
          <NativeSelect label={t('status')} data={options(strategies.STRATEGY_STATUSES, 'statuses')} value={state.status ?? ''} onChange={(e) => update({ status: (e.currentTarget.value || null) as StrategyListState['status'], page: 1 })} />
          <NativeSelect
            label={t('pageSize')}
            data={strategies.STRATEGY_PAGE_SIZES.map(String)}
            value={String(state.pageSize)}
            onChange={(e) => update({ pageSize: Number(e.currentTarget.value) as StrategyListState['pageSize'], page: 1 })}
          />
        </SimpleGrid>
        {filtered && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => update({ ...DEFAULT_STATE, sort: state.sort, pageSize: state.pageSize })}>
              {t('clearFilters')}
            </Button>
          </Group>
        )}

        {loaded && 'error' in loaded && (
          <Alert color="red" role="alert">
            {loaded.error}
          </Alert>
        )}
        <Group gap="sm" aria-live="polite">
          {loading && <Loader size="xs" aria-hidden="true" />}
          <Text size="sm" role="status">
            {loading && !data
              ? t('loading')
              : data
                ? data.total === 0
                  ? ''
                  : `${t('count', { count: data.total })} · ${t('range', { from: shownFrom, to: shownFrom - 1 + data.documents.length, total: data.total })}`
                : ''}
          </Text>
          {/* Only once the rows shown are the search's own: until then they are the last list's. */}
          {state.query && !state.sort && !loading && data && data.total > 0 && (
            <Text size="sm" c="dimmed">
              {t('byRelevance')}
            </Text>
          )}
        </Group>

        {data && data.total === 0 && (
          <Text role="note" py="md">
            {filtered ? t('empty') : t('emptyAll')}
          </Text>
        )}
        {data && data.total > 0 && (
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('tableLabel')}>
            <Table striped highlightOnHover aria-busy={loading} captionSide="top">
              <Table.Caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('tableLabel')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => {
                    const sorted = state.sort?.field === column ? state.sort.direction : null;
                    return (
                      <Table.Th key={column} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                        <UnstyledButton
                          onClick={() => update({ sort: nextSort(state.sort, column), page: 1 })}
                          aria-label={`${t('sortBy', { column: t(`columns.${column}`) })}${sorted ? `, ${t(sorted === 'asc' ? 'sortedAsc' : 'sortedDesc')}` : ''}`}
                          fw={700}
                          fz="sm"
                        >
                          {t(`columns.${column}`)}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </UnstyledButton>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.documents.map((document) => (
                  <Table.Tr key={document._id}>
                    <Table.Td maw={360}>
                      <Stack gap={2}>
                        <UnstyledButton onClick={() => update({ doc: document._id })} c="blue" td="underline" fw={500} style={{ textAlign: 'left' }}>
                          {document.title}
                        </UnstyledButton>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {document.summary}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{label('topics', document.topic)}</Table.Td>
                    <Table.Td>{label('horizons', document.horizon)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={document.status === 'adopted' ? 'green' : document.status === 'retired' ? 'gray' : 'yellow'}>
                        {label('statuses', document.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{document.year ?? ''}</Table.Td>
                    <Table.Td>
                      <DateTime value={document._updatedAt} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && pages > 1 && (
          <nav aria-label={t('pagination')}>
            <Pagination total={pages} value={Math.min(state.page, pages)} onChange={(page) => update({ page })} />
          </nav>
        )}
      </Stack>
      <StrategyReader id={state.doc} onClose={() => update({ doc: null })} />
    </Section>
  );
}
