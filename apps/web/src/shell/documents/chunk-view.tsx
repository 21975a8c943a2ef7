import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Center, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { documents, isAppId, type AppId } from '@chi/contract';
import type { ModalBodyProps } from '../modals/modal-names';
import { api } from '../api/api';
import { ApiError } from '../api/errors';
import { translateErrorMessage } from '../i18n/error-message';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import { chunkFromDocument, formatChunk, type Chunk } from './format-chunk';
import { useOpenedChunk } from './chunk-store';
import { currentAppId } from './uploads-client';

/** Where a chunk document lives unless the query says otherwise. */
export const DEFAULT_CHUNK_DATA_TYPE = 'Chunk';

type Load = { state: 'loading' } | { state: 'ready'; chunk: Chunk } | { state: 'failed'; message: string | undefined };

/** `?chunkId=…[&proxyId=…][&appId=…][&dataType=…]`: loads the chunk document (through its proxy when given). */
function useChunkFromQuery(params: URLSearchParams, skip: boolean): Load {
  const chunkId = params.get('chunkId');
  const proxyId = params.get('proxyId');
  const appParam = params.get('appId');
  const appId: AppId = appParam && isAppId(appParam) ? appParam : currentAppId();
  const dataType = params.get('dataType') ?? DEFAULT_CHUNK_DATA_TYPE;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (skip) return;
    if (!chunkId && !proxyId) {
      setLoad({ state: 'failed', message: undefined });
      return;
    }
    let live = true;
    const input = {
      ...(chunkId ? { filter: { _appId: appId, _dataType: dataType, _id: chunkId } } : {}),
      ...(proxyId ? { proxyId } : {}),
    };
    api
      .call(documents.get, input, { params: { appId, dataType } })
      .then((doc) => {
        const chunk = chunkFromDocument(doc);
        if (live) setLoad(chunk ? { state: 'ready', chunk } : { state: 'failed', message: undefined });
      })
      .catch((error: unknown) => {
        // A 404 is a reference that is gone (or never shared): say so, not `Service action not found.`.
        const message = error instanceof ApiError && error.status !== 404 ? error.message : undefined;
        if (live) setLoad({ state: 'failed', message });
      });
    return () => {
      live = false;
    };
  }, [skip, chunkId, proxyId, appId, dataType]);
  return load;
}

export function ChunkText({ chunk }: { chunk: Chunk }) {
  const { t } = useDocumentsTranslation();
  const formatted = formatChunk(chunk);
  return (
    <Stack gap="sm">
      {chunk.notice && (
        <Alert color="yellow" variant="light">
          {chunk.notice}
        </Alert>
      )}
      <Group gap="lg">
        {chunk.filename && (
          <Text size="sm">
            <Text span fw={600}>{t('chunk.file')}:</Text> {chunk.filename}
          </Text>
        )}
        {chunk.index !== undefined && (
          <Text size="sm">
            <Text span fw={600}>{t('chunk.index')}:</Text> {chunk.index}
          </Text>
        )}
        {chunk.page !== undefined && chunk.page !== null && (
          <Text size="sm">
            <Text span fw={600}>{t('chunk.page')}:</Text> {chunk.page}
          </Text>
        )}
      </Group>
      {formatted.kind === 'json' ? (
        <Code block aria-label={t('chunk.text')} data-format="json">
          {formatted.text}
        </Code>
      ) : (
        <Text aria-label={t('chunk.text')} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {chunk.ranges && chunk.ranges.length > 0 ? <Marked text={formatted.text} ranges={chunk.ranges} label={t('chunk.cited')} /> : formatted.text}
        </Text>
      )}
    </Stack>
  );
}

/** The text with the cited ranges in `<mark>` (the cited sentence stands out, issue 25 item 21). */
function Marked({ text, ranges, label }: { text: string; ranges: readonly (readonly [number, number])[]; label: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length) continue;
    parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} aria-label={label} style={{ backgroundColor: 'var(--mantine-color-yellow-light)', color: 'inherit', padding: 0 }}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * The `chunk` modal (SPEC §2, §3): a chunk set by its opener, or one named in the query. With
 * `ref` (an assistant reference, issue 25 item 21) the page that owns the reference hands the
 * chunk over once it has read it, so a reload or a shared link opens it too.
 */
export function ChunkView({ params }: ModalBodyProps) {
  const { t } = useDocumentsTranslation();
  const { t: shellT } = useTranslation();
  const opened = useOpenedChunk();
  const ref = params.get('ref');
  const fromQuery = params.has('chunkId') || params.has('proxyId');
  const load = useChunkFromQuery(params, ref !== null || (!fromQuery && opened !== undefined));
  if (ref !== null && !fromQuery) {
    if (opened?.ref === ref && !opened.missing) return <ChunkText chunk={opened} />;
    if (opened?.ref !== ref) {
      return (
        <Center py="md">
          <Loader size="sm" aria-label={t('chunk.loading')} />
        </Center>
      );
    }
    return (
      <Alert color="red" variant="light" role="alert">
        {t('chunk.missing')}
      </Alert>
    );
  }
  if (!fromQuery && opened) return <ChunkText chunk={opened} />;
  if (load.state === 'loading') {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('chunk.loading')} />
      </Center>
    );
  }
  if (load.state === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert">
        {load.message ? translateErrorMessage(shellT, load.message) : t('chunk.missing')}
      </Alert>
    );
  }
  return <ChunkText chunk={load.chunk} />;
}
