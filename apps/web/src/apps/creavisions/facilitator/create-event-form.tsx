import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { CreatedKeyNotice } from '../../../ui/keyed-session/created-key-notice';
import { KeyValidityFields, keyValidityInput, validDays } from '../../../ui/keyed-session/key-validity-fields';
import type { KeyValidity } from '../../../ui/keyed-session/key-validity-fields';
import { eventPath } from '../sitting';

/** The Begin Session link of an event with its key; the participant adds (or is given) a user id. */
export function joinLink(origin: string, eventName: string, key: string): string {
  return `${origin}${eventPath(eventName)}?${new URLSearchParams({ modal: 'userSession', sessionKey: key }).toString()}&userId=`;
}

export function signUpLink(origin: string, eventName: string): string {
  return `${origin}${eventPath(eventName)}?${new URLSearchParams({ modal: 'signUp', event: eventName }).toString()}`;
}

/** Staff create an event: its name (its address), title, description and the key's validity. */
export function CreateEventForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [validity, setValidity] = useState<KeyValidity>({ days: 7, maxUses: '', signUpOpen: false });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; event: creavisions.CvEvent } | null>(null);
  const nameOk = creavisions.EVENT_NAME_PATTERN.test(name.trim());
  const valid = nameOk && title.trim() !== '' && validDays(validity);

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
        ...keyValidityInput(validity),
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
      <CreatedKeyNotice
        title={t('facilitator.createdTitle')}
        shownOnce={t('facilitator.shownOnce')}
        texts={{ copy: t('facilitator.copy'), copied: t('facilitator.copied') }}
        lines={[
          { label: t('facilitator.key'), value: created.key, testId: 'cv-event-key' },
          { label: t('facilitator.joinLink'), value: joinLink(origin, created.event.name, created.key), testId: 'cv-join-link' },
          created.event.signUpOpen && { label: t('facilitator.signUpLink'), value: signUpLink(origin, created.event.name), testId: 'cv-sign-up-link' },
        ]}
        open={{ to: `/facilitator/${created.event._id}`, label: t('facilitator.openEvent') }}
      />
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
        <KeyValidityFields
          value={validity}
          onChange={(change) => setValidity((all) => ({ ...all, ...change }))}
          texts={{ validDays: t('facilitator.validDays'), maxUses: t('facilitator.maxUses'), maxUsesHint: t('facilitator.maxUsesHint'), signUpOpen: t('facilitator.signUpOpen') }}
        />
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
