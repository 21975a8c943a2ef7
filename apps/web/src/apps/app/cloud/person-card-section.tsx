/**
 * /cloud → "Your person card": the person edits what their card shows (SPEC §2). The fields
 * live on the account (UPDATE_PROFILE); `_Person` documents are immutable (SPEC §4, ADR 056).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { account } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StatusMessage } from '../../../shell/status/status-message';
import { clearErrorStatus } from '../../../shell/status/status-store';
import { useField } from '../../../shell/account/use-field';
import { serverMessage } from '../../../shell/account/server-message';
import { useAccountTranslation } from '../../../shell/account/i18n/use-account-translation';
import { setSessionUser, type SessionUser } from '../../../shell/session/session-store';
import { CloudCard } from './account-sections';
import { useCloudTranslation } from './i18n/use-cloud-translation';

const OPERATION = 'UPDATE_PROFILE';
const { text: MAX_TEXT, awards: MAX_AWARDS } = account.PERSON_CARD_LIMITS;
const MAX_TITLE = 200;

/** The awards textarea: one award per line, blank lines left out. */
export function awardsFromText(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function PersonCardSection({ user }: { user: SessionUser & { _id: string } }) {
  const { t } = useCloudTranslation();
  const { t: shellT } = useTranslation();
  const { t: accountT } = useAccountTranslation();
  const tooLong = (max: number) => (value: string) => (value.trim().length > max ? t('personCard.tooLong', { max }) : null);
  const title = useField(tooLong(MAX_TITLE));
  const programme = useField(tooLong(MAX_TEXT));
  const university = useField(tooLong(MAX_TEXT));
  const awards = useField((value) => {
    const list = awardsFromText(value);
    if (list.length > MAX_AWARDS) return t('personCard.tooManyAwards', { max: MAX_AWARDS });
    return list.some((award) => award.length > MAX_TEXT) ? t('personCard.tooLong', { max: MAX_TEXT }) : null;
  });
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  const [busy, setBusy] = useState(false);
  const fields = [title, programme, university, awards];
  const valid = fields.every((field) => !field.error);
  const { setValue: setTitle } = title;
  const { setValue: setProgramme } = programme;
  const { setValue: setUniversity } = university;
  const { setValue: setAwards } = awards;

  useEffect(() => {
    let active = true;
    void runAction(account.get, {}, { id: user._id, handled: true, fresh: true, operation: 'PERSON_CARD_FORM' }).then((result) => {
      if (!active) return;
      if (!result.ok) {
        setState(serverMessage(accountT, shellT, result.error.message));
        return;
      }
      setTitle(result.data.title);
      setProgramme(result.data.programme);
      setUniversity(result.data.university);
      setAwards(result.data.awards.join('\n'));
      setState('ready');
    });
    return () => {
      active = false;
    };
  }, [user._id, accountT, shellT, setTitle, setProgramme, setUniversity, setAwards]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const field of fields) field.touch();
    if (!valid || busy) return;
    setBusy(true);
    const input = { title: title.value.trim(), programme: programme.value.trim(), university: university.value.trim(), awards: awardsFromText(awards.value) };
    const result = await runAction(account.updateProfile, input, { id: user._id, handled: true, fresh: true, successMessage: t('personCard.saved') });
    setBusy(false);
    if (result.ok) setSessionUser({ ...user, title: result.data.title, name: result.data.name });
  }

  return (
    <CloudCard title={t('personCard.title')} lead={t('personCard.lead')}>
      {state === 'loading' ? (
        <Loader aria-label={t('personCard.loading')} />
      ) : state !== 'ready' ? (
        <Alert color="red" role="alert">{state}</Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} onChange={() => clearErrorStatus(OPERATION)} noValidate>
          <Stack gap="sm">
            <TextInput label={t('personCard.academicTitle')} autoComplete="honorific-prefix" {...title.inputProps} />
            <TextInput label={t('personCard.programme')} description={t('personCard.programmeHint')} {...programme.inputProps} />
            <TextInput label={t('personCard.university')} autoComplete="organization" {...university.inputProps} />
            <Textarea
              label={t('personCard.awards')}
              description={t('personCard.awardsHint')}
              rows={3}
              value={awards.value}
              onChange={(event) => awards.setValue(event.currentTarget.value)}
              onBlur={awards.inputProps.onBlur}
              error={awards.inputProps.error}
            />
            <StatusMessage operation={OPERATION} />
            <Group justify="flex-end">
              <Button type="submit" disabled={!valid || busy} loading={busy}>
                {t('personCard.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </CloudCard>
  );
}
