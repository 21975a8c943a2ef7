import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Avatar, Badge, Button, Card, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { setOpenedChunk } from '../../../shell/documents/chunk-store';
import { useSessionUser } from '../../../shell/session/session-store';
import { setStatus } from '../../../shell/status/status-store';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { newPipeName, openPipe } from './assistants-client';
import { usePagesTranslation } from './i18n/use-pages-translation';
import { AssistantUnavailable, PageLoader } from './assistant-unavailable';
import { ConfirmButton } from './confirm-button';
import { MessageView, referenceChunk } from './message-view';
import type { Run } from './message-view';
import { useAssistant } from './use-assistant';

type Message = assistants.Message;

/** `/assistant/{_assistantId}/thread[/{thread_id}]`: the thread list, the conversation with streamed answers and references, the question box. */
export function ThreadPage() {
  const { t, i18n } = usePagesTranslation();
  const { _assistantId: assistantId = '', thread_id: threadId } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [load] = useAssistant(assistantId);
  const assistant = load.state === 'ready' ? load.assistant : undefined;
  const [params] = useSearchParams();
  const openRef = params.get('modal') === 'chunk' ? params.get('ref') : null;
  const [loadedThread, setLoadedThread] = useState<string | null>(null);
  const [threads, setThreads] = useState<assistants.Thread[]>([]);
  const [thread, setThread] = useState<assistants.Thread | null>(null);
  const [threadMissing, setThreadMissing] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const [runs, setRuns] = useState<Record<string, Run>>({});
  const [question, setQuestion] = useState('');
  const [sending, setSending] = useState(false);
  const pipe = useRef(newPipeName());
  useDocumentTitle(thread?.title || assistant?.name || t('thread.threads'));

  useEffect(() => {
    return openPipe(pipe.current, (event) => {
      if (event.type === 'references') setRuns((r) => ({ ...r, [event.messageId]: { text: r[event.messageId]?.text ?? '', references: event.references } }));
      else if (event.type === 'token') setRuns((r) => ({ ...r, [event.messageId]: { references: r[event.messageId]?.references ?? [], text: (r[event.messageId]?.text ?? '') + event.text } }));
      else if (event.type === 'message') {
        const final = event.message;
        setRuns((r) => ({ ...r, [final._id]: { text: final.content, references: final.references, final } }));
      }
    });
  }, []);

  const loadThreads = useCallback(async () => {
    const result = await runAction(assistants.listThreads, { _assistantId: assistantId }, { fresh: true });
    if (result.ok) setThreads(result.data.threads);
  }, [assistantId]);

  useEffect(() => {
    void loadThreads();
  }, [loadThreads]);

  useEffect(() => {
    setThreadMissing(false);
    if (!threadId) {
      setThread(null);
      setMessages([]);
      return;
    }
    let live = true;
    // Handled here: a thread that is gone or private reads as "not found" on the page itself.
    void Promise.all([
      runAction(assistants.getThread, { thread_id: threadId }, { fresh: true, handled: true }),
      runAction(assistants.listMessages, { thread_id: threadId }, { fresh: true, handled: true }),
    ]).then(([got, list]) => {
      if (!live) return;
      setThread(got.ok ? got.data : null);
      setThreadMissing(!got.ok);
      if (list.ok) setMessages((current) => mergeMessages(current, list.data.messages, threadId));
      setLoadedThread(threadId);
    });
    return () => {
      live = false;
    };
  }, [threadId]);

  // A reference named in the URL (a reload, a shared link): handed to the chunk modal once the thread is read.
  useEffect(() => {
    if (openRef === null || loadedThread !== threadId) return;
    const [messageId, n] = openRef.split('.');
    const message = messages.find((m) => m._id === messageId);
    const ref = (runs[messageId ?? '']?.final ?? message)?.references.find((r) => String(r.n) === n);
    setOpenedChunk(message && ref ? referenceChunk(t, runs[message._id]?.final ?? message, ref) : { text: '', ref: openRef, missing: true });
  }, [openRef, loadedThread, threadId, messages, runs, t]);

  const streamingId = messages.find((m) => m.role === 'assistant' && (runs[m._id]?.final ?? m).status === 'streaming')?._id;

  async function send() {
    const text = question.trim();
    if (text === '' || sending || streamingId) return;
    setSending(true);
    const result = await runAction(
      assistants.runWithMessage,
      { pipeName: pipe.current, listenerName: 'chat', message: text, language: i18n.language === 'dk' ? 'dk' : 'en', ...(threadId ? { thread_id: threadId } : {}) },
      { id: assistantId, fresh: true },
    );
    setSending(false);
    if (!result.ok) return;
    setQuestion('');
    const at = new Date().toISOString();
    const base = { threadId: result.data.thread_id, error: null, sender: null, references: [], _createdAt: at };
    setMessages((current) => [
      ...current,
      { ...base, _id: result.data.userMessageId, seq: current.length + 1, role: 'user', content: text, status: 'complete' },
      { ...base, _id: result.data.messageId, seq: current.length + 2, role: 'assistant', content: '', status: 'streaming' },
    ]);
    if (!threadId) {
      void navigate(`/assistant/${assistantId}/thread/${result.data.thread_id}`, { replace: true });
      void loadThreads();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  async function threadAction(kind: 'publish' | 'retract' | 'delete'): Promise<void> {
    if (!thread) return;
    if (kind === 'delete') {
      const result = await runAction(assistants.deleteThread, {}, { id: thread._id, fresh: true });
      if (result.ok) {
        setStatus('THREAD', { isSuccess: true, verbose: true, body: t('thread.deleted') });
        setMessages([]);
        void loadThreads();
        void navigate(`/assistant/${assistantId}/thread`);
      }
      return;
    }
    const result = await runAction(kind === 'publish' ? assistants.publishThread : assistants.retractThread, {}, { id: thread._id, fresh: true });
    if (result.ok) {
      setThread(result.data);
      void loadThreads();
    }
  }

  if (load.state === 'loading' || !assistant) return load.state === 'failed' ? <AssistantUnavailable status={load.status} /> : <PageLoader />;
  // The author's messages are "You" to the author only; other readers see the author's name.
  const author = !thread || thread._ownerId === user?._id ? t('thread.you') : (thread._ownerName ?? t('thread.author'));
  const canWrite = !threadMissing && (!thread || thread.abilities.write);
  const shownMessages = messages.filter((m) => !threadId || m.threadId === threadId);

  return (
    <Section>
      <Group gap="sm" py="lg" wrap="nowrap">
        <Avatar src={assistant.avatarUrl} alt="" radius="xl" name={assistant.name} color="initials" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {assistant.name}
          </Title>
          {thread && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {thread.title || t('thread.untitled')}
              {thread._ownerId !== user?._id && thread._ownerName ? ` · ${t('thread.by', { name: thread._ownerName })}` : ''}
            </Text>
          )}
        </Stack>
      </Group>
      <Alert color="blue" variant="light" mb="md">
        {assistant.kind === 'teaching' ? (assistant.course ? t('thread.instructorNotice', { course: assistant.course }) : t('thread.instructorNoticeNoCourse')) : t('thread.adminNotice')}
      </Alert>
      <Grid gap="lg" pb="xl">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            {thread?.abilities.manage && (
              <Group gap="xs">
                {thread._published && <Badge color="green">{t('thread.publishedBadge')}</Badge>}
                <Button size="xs" variant="default" onClick={() => void threadAction(thread._published ? 'retract' : 'publish')}>
                  {thread._published ? t('thread.retract') : t('thread.publish')}
                </Button>
                <ConfirmButton size="xs" question={t('thread.deleteConfirm')} onConfirm={() => threadAction('delete')}>
                  {t('thread.delete')}
                </ConfirmButton>
              </Group>
            )}
            {threadMissing && (
              <Alert color="red" role="alert">
                {t('thread.notFound')}
              </Alert>
            )}
            {shownMessages.length === 0 && !threadMissing && <Text c="dimmed">{t('thread.empty')}</Text>}
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('thread.messages')} aria-live="polite">
              {shownMessages.map((message) => (
                <MessageView key={message._id} message={message} run={runs[message._id]} author={author} />
              ))}
            </Stack>
            {threadMissing ? null : canWrite ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void send();
                }}
              >
                <Stack gap="xs">
                  <Textarea label={t('thread.question')} description={t('thread.questionHelp')} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} onKeyDown={onKeyDown} autosize minRows={2} maxRows={8} maxLength={assistants.MESSAGE_MAX} />
                  <Group>
                    {streamingId ? (
                      <Button color="red" variant="light" onClick={() => void runAction(assistants.cancelRun, {}, { id: streamingId, fresh: true })}>
                        {t('thread.stop')}
                      </Button>
                    ) : (
                      <Button type="submit" loading={sending} disabled={question.trim() === ''}>
                        {t('thread.send')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </form>
            ) : (
              <Text size="sm" c="dimmed">
                {t('thread.readOnly')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('thread.threads')}
                </Title>
                <Button component={Link} to={`/assistant/${assistantId}/thread`} size="xs" variant="light">
                  {t('thread.newThread')}
                </Button>
              </Group>
              {threads.length === 0 && <Text size="sm" c="dimmed">{t('thread.noThreads')}</Text>}
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('thread.threads')}>
                {threads.map((item) => (
                  <li key={item._id}>
                    <Link to={`/assistant/${assistantId}/thread/${item._id}`} aria-current={item._id === threadId ? 'page' : undefined} style={{ overflowWrap: 'anywhere', fontWeight: item._id === threadId ? 700 : undefined }}>
                      {item.title || t('thread.untitled')}
                    </Link>
                    {item._ownerId !== user?._id && item._ownerName && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · {item._ownerName}
                      </Text>
                    )}
                  </li>
                ))}
              </Stack>
              {assistant.abilities.manage && (
                <Button component={Link} to={`/assistant/${assistantId}/ad`} size="xs" variant="default">
                  {t('thread.manage')}
                </Button>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** The server's messages, plus ones added here that the server list does not have yet (a run just started). */
function mergeMessages(current: readonly Message[], fromServer: readonly Message[], threadId: string): Message[] {
  const known = new Set(fromServer.map((m) => m._id));
  return [...fromServer, ...current.filter((m) => m.threadId === threadId && !known.has(m._id))];
}
