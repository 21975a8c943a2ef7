/**
 * One message of a thread and its references. A user message is labelled with its author: "You"
 * for the author, the author's name for other readers of a published or instructor-read thread
 * (issue 25 item 21). A reference opens the chunk modal with `ref=<messageId>.<n>` in the URL,
 * so a reload or a shared link opens the same reference; the cited sentence is marked.
 */
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { assistants } from '@chi/contract';
import { citedRanges } from '../../../shell/documents/cited-ranges';
import { setOpenedChunk } from '../../../shell/documents/chunk-store';
import type { Chunk } from '../../../shell/documents/format-chunk';
import { useModal } from '../../../shell/modals/use-modal';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { usePagesTranslation } from './i18n/use-pages-translation';

type Message = assistants.Message;
export interface Run {
  text: string;
  references: assistants.Reference[];
  final?: Message;
}

/** The `ref` query value of a message's reference. */
export function referenceKey(messageId: string, n: number): string {
  return `${messageId}.${n}`;
}

/** What the chunk modal shows for a reference: its text as cited, the part counted from 1, its page, the cited sentences marked. */
export function referenceChunk(t: TFunction<'assistantsPages'>, message: Message, ref: assistants.Reference): Chunk {
  const notice = ref.fileStatus === 'replaced' ? t('thread.replacedNotice', { version: ref.version }) : ref.fileStatus === 'deleted' ? t('thread.deletedNotice') : undefined;
  return {
    text: ref.text,
    // Counted as people count, like the page in the answer ("p. 1"): the first part is 1.
    index: ref.chunkIndex + 1,
    page: ref.page,
    filename: ref.fileName,
    ranges: citedRanges(ref.text, message.content, ref.n),
    ref: referenceKey(message._id, ref.n),
    ...(notice ? { notice } : {}),
  };
}

function References({ message, references }: { message: Message; references: readonly assistants.Reference[] }) {
  const { t } = usePagesTranslation();
  const { openModal } = useModal();
  if (references.length === 0) return null;
  function open(ref: assistants.Reference) {
    setOpenedChunk(referenceChunk(t, message, ref));
    openModal('chunk', { ref: referenceKey(message._id, ref.n) });
  }
  return (
    <Group gap={6} aria-label={t('thread.references')} role="group">
      <Text size="xs" c="dimmed">
        {t('thread.references')}:
      </Text>
      {references.map((ref) => (
        <Button key={ref.n} size="compact-sm" variant="light" onClick={() => open(ref)} aria-label={t('thread.reference', { n: ref.n, file: ref.fileName })}>
          [{ref.n}]
        </Button>
      ))}
    </Group>
  );
}

/** `author`: how the thread's user messages are labelled for this reader. */
export function MessageView({ message, run, author }: { message: Message; run: Run | undefined; author: string }) {
  const { t } = usePagesTranslation();
  const shown = run?.final ?? message;
  const streaming = shown.status === 'streaming';
  const content = streaming ? (run?.text ?? '') : shown.content;
  const references = streaming ? (run?.references ?? []) : shown.references;
  const mine = message.role === 'user';
  return (
    <Card component="li" withBorder padding="sm" bg={mine ? 'var(--mantine-color-default-hover)' : undefined} data-role={message.role} aria-busy={streaming}>
      <Stack gap={6}>
        <Text size="xs" fw={700} c="dimmed">
          {mine ? (message.sender ?? author) : t('thread.assistant')}
        </Text>
        {mine ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</Text>
        ) : content === '' && streaming ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('thread.thinking')}</Text>
          </Group>
        ) : (
          <div style={{ overflowWrap: 'anywhere' }} data-testid="answer">
            <LazyMarkdownView markdown={content} />
          </div>
        )}
        {shown.status === 'cancelled' && <Text size="sm" c="dimmed">{t('thread.cancelled')}</Text>}
        {shown.status === 'error' && (
          <Text size="sm" c="red" role="alert">
            {t('thread.error', { error: shown.error ?? '' })}
          </Text>
        )}
        {!mine && <References message={shown} references={references} />}
      </Stack>
    </Card>
  );
}
