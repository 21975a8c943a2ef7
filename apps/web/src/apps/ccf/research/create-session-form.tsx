import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ccf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useCcfForms } from '../participant/i18n/use-ccf-forms';
import { useCcfResearch } from './i18n/use-ccf-research';
import { CreatedKeyNotice } from '../../../ui/keyed-session/created-key-notice';
import { KeyValidityFields, keyValidityInput, validDays } from '../../../ui/keyed-session/key-validity-fields';
import type { KeyValidity } from '../../../ui/keyed-session/key-validity-fields';

interface FieldDraft {
  readonly key: number;
  prompt: string;
  type: ccf.FieldType;
  options: string;
}

function optionsOf(draft: FieldDraft): string[] {
  return draft.options
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const isChoice = (type: ccf.FieldType) => type === 'singleChoice' || type === 'multipleChoice';

export function beginLink(origin: string, key: string, userIdLabel: string): string {
  const query = new URLSearchParams({ modal: 'userSession', sessionKey: key });
  if (userIdLabel) query.set('userIdLabel', userIdLabel);
  return `${origin}/?${query.toString()}&userId=`;
}

export function signUpLink(origin: string, sessionId: string): string {
  return `${origin}/?${new URLSearchParams({ modal: 'signUp', sessionId }).toString()}`;
}

/** A researcher's new session: title, user id label, key validity, and an ordered list of fields. */
export function CreateSessionForm({ onCreated }: { onCreated: (session: ccf.CcfSession) => void }) {
  const { t } = useCcfResearch();
  const { t: formsT } = useCcfForms();
  const { t: shellT } = useTranslation();
  const [title, setTitle] = useState('');
  const [userIdLabel, setUserIdLabel] = useState('');
  const [validity, setValidity] = useState<KeyValidity>({ days: 30, maxUses: '', signUpOpen: false });
  const [nextKey, setNextKey] = useState(2);
  const [fields, setFields] = useState<FieldDraft[]>([{ key: 1, prompt: '', type: 'text', options: '' }]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; session: ccf.CcfSession } | null>(null);

  const update = (key: number, change: Partial<FieldDraft>) => setFields((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const fieldError = (f: FieldDraft) => (f.prompt.trim() === '' ? t('create.required') : null);
  const optionsError = (f: FieldDraft) => (isChoice(f.type) && new Set(optionsOf(f)).size < 2 ? t('create.optionsNeeded') : null);
  const valid = title.trim() !== '' && validDays(validity) && fields.every((f) => !fieldError(f) && !optionsError(f));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!valid || busy) return;
    setBusy(true);
    const result = await runAction(
      ccf.createSession,
      {
        title: title.trim(),
        userIdLabel: userIdLabel.trim(),
        fields: fields.map((f) => ({ prompt: f.prompt.trim(), type: f.type, options: isChoice(f.type) ? [...new Set(optionsOf(f))] : [] })),
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
    onCreated(result.data.session);
  }

  if (created) {
    const origin = window.location.origin;
    return (
      <CreatedKeyNotice
        title={t('create.createdTitle')}
        shownOnce={t('create.shownOnce')}
        texts={{ copy: t('create.copy'), copied: t('create.copied') }}
        lines={[
          { label: t('create.key'), value: created.key, testId: 'ccf-session-key' },
          { label: t('create.beginLink'), value: beginLink(origin, created.key, created.session.userIdLabel), testId: 'ccf-begin-link' },
          created.session.signUpOpen && { label: t('create.signUpLink'), value: signUpLink(origin, created.session._id), testId: 'ccf-sign-up-link' },
        ]}
        open={{ to: `/researcher/${created.session._id}`, label: t('create.results') }}
      />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="ccf-create-title">
      <Stack gap="md">
        <Title order={2} id="ccf-create-title">
          {t('sessions.create')}
        </Title>
        <TextInput label={t('create.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={tried && title.trim() === '' ? t('create.required') : undefined} />
        <TextInput label={t('create.userIdLabel')} description={t('create.userIdLabelHint')} value={userIdLabel} onChange={(e) => setUserIdLabel(e.currentTarget.value)} maxLength={60} />
        <KeyValidityFields
          value={validity}
          onChange={(change) => setValidity((all) => ({ ...all, ...change }))}
          texts={{ validDays: t('create.validDays'), maxUses: t('create.maxUses'), maxUsesHint: t('create.maxUsesHint'), signUpOpen: t('create.signUpOpen') }}
        />
        <Title order={3}>{t('create.fieldsTitle')}</Title>
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <Paper key={field.key} withBorder p="sm" radius="md">
              <Stack gap="xs">
                <TextInput label={t('create.prompt', { number })} required value={field.prompt} onChange={(e) => update(field.key, { prompt: e.currentTarget.value })} error={tried ? fieldError(field) ?? undefined : undefined} />
                <NativeSelect
                  label={t('create.type', { number })}
                  value={field.type}
                  onChange={(e) => update(field.key, { type: e.currentTarget.value as ccf.FieldType })}
                  data={ccf.FIELD_TYPES.map((type) => ({ value: type, label: formsT(`types.${type}`) }))}
                />
                {isChoice(field.type) && (
                  <Textarea label={t('create.options', { number })} autosize minRows={3} value={field.options} onChange={(e) => update(field.key, { options: e.currentTarget.value })} error={tried ? optionsError(field) ?? undefined : undefined} />
                )}
                <Group justify="flex-end" gap="xs">
                  {index > 0 && (
                    <Button size="xs" variant="subtle" onClick={() => setFields((all) => [...all.slice(0, index - 1), field, all[index - 1] as FieldDraft, ...all.slice(index + 1)])}>
                      {t('create.moveUp', { number })}
                    </Button>
                  )}
                  {fields.length > 1 && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setFields((all) => all.filter((f) => f.key !== field.key))}>
                      {t('create.removeField', { number })}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            disabled={fields.length >= ccf.MAX_FIELDS}
            onClick={() => {
              setFields((all) => [...all, { key: nextKey, prompt: '', type: 'text', options: '' }]);
              setNextKey((k) => k + 1);
            }}
          >
            {t('create.addField')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('create.submit')}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
