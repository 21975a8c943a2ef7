import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ccf } from '@chi/contract';
import type { OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { useAccountTranslation } from '../../../shell/account/i18n/use-account-translation';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { useModal } from '../../../shell/modals/use-modal';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCcfForms } from './i18n/use-ccf-forms';
import { ccfMessage } from '../ccf-message';
import { readParticipation, storeParticipation } from '../participation';
import type { Participation } from '../participation';
import { FieldAnswer, FieldEditor } from './field-editor';

type SessionView = OutputOf<typeof ccf.getSession>;

/** The participant's page: their session's fields, progress, and one field open at a time. */
export function SessionPage() {
  const { t } = useCcfForms();
  const { t: shellT } = useTranslation();
  const { t: accountT } = useAccountTranslation();
  const { openModal } = useModal();
  const when = useFormatDateTime();
  const [participation, setParticipation] = useState<Participation | null>(() => readParticipation());
  const [view, setView] = useState<SessionView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useDocumentTitle(view?.session.title ?? t('participant.title'));

  const load = useCallback(async () => {
    if (!participation) return;
    const result = await runAction(ccf.getSession, participation, { handled: true, fresh: true });
    if (result.ok) {
      setView(result.data);
      setFailure(null);
    } else setFailure(ccfMessage(t, result.error.message) ?? translateErrorMessage(shellT, result.error.message));
  }, [participation, t, shellT]);

  useEffect(() => {
    void load();
  }, [load]);

  async function open(field: ccf.ParticipantField) {
    if (!participation) return;
    setSaved(null);
    setEditing(field._id);
    await runAction(ccf.selectField, { ...participation, fieldId: field._id }, { handled: true, fresh: true });
  }

  if (!participation) {
    return (
      <Section py="xl">
        <Stack gap="md" maw={640}>
          <Title order={1}>{t('participant.title')}</Title>
          <Text>{t('participant.noParticipation')}</Text>
          <Group>
            <Button onClick={() => openModal('userSession')}>{t('participant.begin')}</Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  if (!view) {
    return (
      <Section py="xl">
        {failure ? (
          <Alert color="red" role="alert" title={t('participant.failed')}>
            {failure}
          </Alert>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('participant.loading')} />
          </Center>
        )}
      </Section>
    );
  }

  const { session, progress } = view;
  const closed = session.status === 'closed';
  const percent = progress.total === 0 ? 0 : Math.round((100 * progress.answered) / progress.total);
  const label = session.userIdLabel || accountT('fields.userId');

  return (
    <Section py="xl">
      <Stack gap="lg" maw={760}>
        <Stack gap={4}>
          <Title order={1}>{session.title}</Title>
          <Text c="dimmed">{t('participant.userId', { label, userId: participation.userId })}</Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm">{t('participant.progress', { answered: progress.answered, total: progress.total })}</Text>
          <Progress.Root size="lg">
            <Progress.Section value={percent} aria-label={t('participant.progressLabel')} aria-valuetext={t('participant.progress', { answered: progress.answered, total: progress.total })} />
          </Progress.Root>
        </Stack>
        {closed && (
          <Alert color="yellow" role="status">
            {t('participant.closed')}
          </Alert>
        )}
        {!closed && progress.answered === progress.total && progress.total > 0 && (
          <Alert color="green" role="status">
            {t('participant.allDone')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {session.fields.map((field, index) => (
            <Paper key={field._id} withBorder p="md" radius="md" component="li">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text size="sm" c="dimmed">
                      {t('participant.field', { number: index + 1 })} · {t(`types.${field.type}`)}
                    </Text>
                    <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                      {field.prompt}
                    </Title>
                  </Stack>
                  <Badge color={field.answer !== null ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                    {field.answer !== null ? t('participant.answered') : t('participant.notAnswered')}
                  </Badge>
                </Group>
                {editing === field._id ? (
                  <FieldEditor
                    field={field}
                    number={index + 1}
                    participation={participation}
                    onCancel={() => setEditing(null)}
                    onSaved={() => {
                      setEditing(null);
                      setSaved(field._id);
                      void load();
                    }}
                  />
                ) : (
                  <>
                    {field.answer !== null && (
                      <Stack gap={2}>
                        <FieldAnswer answer={field.answer} />
                        <Text size="xs" c="dimmed">
                          {field.answeredAt ? when(field.answeredAt) : ''} · {t('participant.version', { version: field.version })}
                          {saved === field._id ? ` · ${t('participant.saved')}` : ''}
                        </Text>
                      </Stack>
                    )}
                    {!closed && (
                      <Group>
                        <Button variant={field.answer === null ? 'filled' : 'light'} onClick={() => void open(field)} aria-label={`${field.answer === null ? t('participant.open') : t('participant.change')}: ${field.prompt}`}>
                          {field.answer === null ? t('participant.open') : t('participant.change')}
                        </Button>
                      </Group>
                    )}
                  </>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Group>
          <Button
            variant="subtle"
            onClick={() => {
              storeParticipation(null);
              setParticipation(null);
              setView(null);
            }}
          >
            {t('participant.leave')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
