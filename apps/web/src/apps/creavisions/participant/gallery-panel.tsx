import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import type { StepLog } from '../log/step-log';
import type { Sitting } from '../sitting';
import { VisionCard } from './vision-card';

const PAGE = 6;

type Search = { readonly query: string } | { readonly entryId: string; readonly title: string };

interface Found {
  readonly results: creavisions.SimilarResult[];
  readonly hasMore: boolean;
}

/** The event's published visions, a page at a time, and the similar-gallery search over them. */
export function GalleryPanel({ sitting, log }: { sitting: Sitting; log: StepLog }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const reader = { eventName: sitting.eventName, sessionId: sitting.sessionId, sessionToken: sitting.sessionToken };
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ entries: creavisions.GalleryEntry[]; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [tried, setTried] = useState(false);
  const [search, setSearch] = useState<Search | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    let live = true;
    setPage(null);
    void (async () => {
      // The participant's own steps first: a vision just published is in the page.
      await log.flush();
      const result = await runAction(creavisions.gallery, { ...reader, offset, amount: PAGE }, { handled: true, fresh: true });
      if (!live) return;
      if (result.ok) setPage(result.data);
      else setFailure(translateErrorMessage(shellT, result.error.message));
    })();
    return () => {
      live = false;
    };
  }, [offset, sitting.sessionId]);

  useEffect(() => {
    log.log({ kind: 'gallery' });
  }, [log]);

  const run = useCallback(
    async (next: Search, from: number) => {
      setSearching(true);
      const input = 'query' in next ? { query: next.query } : { entryId: next.entryId };
      const result = await runAction(creavisions.findSimilar, { ...reader, ...input, amount: PAGE, offset: from }, { handled: true, fresh: true });
      setSearching(false);
      if (!result.ok) {
        setFailure(translateErrorMessage(shellT, result.error.message));
        return;
      }
      setFailure(null);
      setFound((before) => ({ results: from === 0 || !before ? result.data.results : [...before.results, ...result.data.results], hasMore: result.data.hasMore }));
    },
    [sitting.sessionId, shellT],
  );

  function begin(next: Search) {
    setSearch(next);
    setFound(null);
    log.log({ kind: 'search', ...('entryId' in next ? { entryId: next.entryId } : { data: { query: next.query } }) });
    void run(next, 0);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (query.trim() === '') return;
    begin({ query: query.trim() });
  }

  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE)) : 1;
  return (
    <Stack gap="xl">
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate role="search" aria-labelledby="cv-search-title">
        <Stack gap="sm">
          <Title order={2} id="cv-search-title">
            {t('search.title')}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('search.query')}
              description={t('search.queryHint')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              maxLength={creavisions.MAX_QUERY}
              error={tried && query.trim() === '' ? t('search.queryRequired') : undefined}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={searching}>
              {t('search.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      {search && (
        <Stack gap="sm" aria-busy={searching}>
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4">
              {'query' in search ? t('search.resultsFor', { query: search.query }) : t('search.resultsForEntry', { title: search.title })}
            </Title>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setSearch(null);
                setFound(null);
              }}
            >
              {t('search.clear')}
            </Button>
          </Group>
          {found === null ? (
            <Group role="status">
              <Loader size="xs" />
              <Text size="sm">{t('search.searching')}</Text>
            </Group>
          ) : found.results.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('search.none')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="cv-similar-results">
              {found.results.map((result) => (
                <VisionCard key={result.entry._id} entry={result.entry} similarity={result.similarity} matched={result.matched} />
              ))}
            </SimpleGrid>
          )}
          {found?.hasMore && (
            <Group>
              <Button variant="default" loading={searching} onClick={() => void run(search, found.results.length)}>
                {t('search.more')}
              </Button>
            </Group>
          )}
        </Stack>
      )}

      <Stack gap="sm">
        <Title order={2}>{t('gallery.title')}</Title>
        {page === null ? (
          <Group role="status">
            <Loader size="xs" />
            <Text size="sm">{t('gallery.loading')}</Text>
          </Group>
        ) : page.total === 0 ? (
          <Text c="dimmed" role="status">
            {t('gallery.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('gallery.count', { count: page.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="cv-gallery">
              {page.entries.map((entry) => (
                <VisionCard
                  key={entry._id}
                  entry={entry}
                  action={
                    <Group>
                      <Button
                        variant="default"
                        size="compact-sm"
                        aria-label={`${t('gallery.similarTo')}: ${entry.title || t('gallery.untitled')}`}
                        onClick={() => begin({ entryId: entry._id, title: entry.title || t('gallery.untitled') })}
                      >
                        {t('gallery.similarTo')}
                      </Button>
                    </Group>
                  }
                />
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group gap="sm" justify="center">
                <Button variant="default" size="compact-sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  {t('gallery.previous')}
                </Button>
                <Text size="sm">{t('gallery.page', { page: offset / PAGE + 1, pages })}</Text>
                <Button variant="default" size="compact-sm" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
                  {t('gallery.next')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
