import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { eventPath } from '../sitting';

const DAY_MS = 86_400_000;

/** The Begin Session link of an event with its key; the participant adds (or is given) a user id. */
export function joinLink(origin: string, eventName: string, key: string): string {
  return `${origin}${eventPath(eventName)}?${new URLSearchParams({ modal: 'userSession', sessionKey: key }).toString()}&userId=`;
}

export function signUpLink(origin: string, eventName: string): string {
  return `${origin}${eventPath(eventName)}?${new URLSearchParams({ modal: 'signUp', event: eventName }).toString()}`;
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('creavisions');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Code data-testid={testId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={`${t('facilitator.copy')}: ${label}`}>
              {copied ? t('facilitator.copied') : t('facilitator.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Staff create an event: its name (its address), title, description and the key's validity. */
export function CreateEventForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState<number | string>(7);
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [signUpOpen, setSignUpOpen] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; event: creavisions.CvEvent } | null>(null);
  const nameOk = creavisions.EVENT_NAME_PATTERN.test(name.trim());
  const valid = nameOk && title.trim() !== '' && typeof days === 'number' && days >= 1;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!valid || busy) return;
    setBusy(true);
    const result = await runAction(
      creavisions.createEvent,
      {
        name: name.trim(),
        title: title.trim(),
        description: description.trim(),
        expiresAt: new Date(Date.now() + Number(days) * DAY_MS).toISOString(),
        maxUses: maxUses === '' ? null : Number(maxUses),
        signUpOpen,
      },
      { handled: true, fresh: true },
    );
    setBusy(false);
    if (!result.ok) {
      setFailure(translateErrorMessage(shellT, result.error.message));
      return;
    }
    setFailure(null);
    setCreated(result.data);
    onCreated();
  }

  if (created) {
    const origin = window.location.origin;
    return (
      <Alert color="green" variant="light" title={t('facilitator.createdTitle')} role="status">
        <Stack gap="sm">
          <Text size="sm">{t('facilitator.shownOnce')}</Text>
          <CopyLine label={t('facilitator.key')} value={created.key} testId="cv-event-key" />
          <CopyLine label={t('facilitator.joinLink')} value={joinLink(origin, created.event.name, created.key)} testId="cv-join-link" />
          {created.event.signUpOpen && <CopyLine label={t('facilitator.signUpLink')} value={signUpLink(origin, created.event.name)} testId="cv-sign-up-link" />}
          <Group>
            <Button component={Link} to={`/facilitator/${created.event._id}`}>
              {t('facilitator.openEvent')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="cv-create-title">
      <Stack gap="md" maw={640}>
        <Title order={2} id="cv-create-title">
          {t('facilitator.create')}
        </Title>
        <TextInput
          label={t('facilitator.name')}
          description={t('facilitator.nameHint')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value.toLowerCase())}
          error={tried && !nameOk ? t('join.eventNameError') : undefined}
          autoCapitalize="none"
        />
        <TextInput label={t('facilitator.eventTitle')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={tried && title.trim() === '' ? t('facilitator.required') : undefined} />
        <Textarea label={t('facilitator.description')} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={2000} />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput label={t('facilitator.validDays')} min={1} max={3650} value={days} onChange={setDays} required miw={140} />
          <NumberInput label={t('facilitator.maxUses')} description={t('facilitator.maxUsesHint')} min={1} value={maxUses} onChange={setMaxUses} miw={140} />
        </Group>
        <Checkbox label={t('facilitator.signUpOpen')} checked={signUpOpen} onChange={(e) => setSignUpOpen(e.currentTarget.checked)} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('facilitator.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
