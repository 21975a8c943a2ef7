import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Radio, Select, Stack, Switch, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, delphi } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StudyGamesEditor } from './study-games-editor';
import { StudyTextTranslations } from './study-text-translations';
import { fieldErrors } from './field-errors';
import type { FieldErrors } from './field-errors';
import { useStudyErrorText } from './study-error-text';
import { reaches } from './study-access';

type Draft = Required<Pick<delphi.Study, 'name' | 'slug' | 'games' | 'order' | 'languages' | 'defaultLanguage' | 'consentMarkdown' | 'consentTranslations' | 'endPageMarkdown' | 'endPageTranslations' | 'completionRedirect' | 'declineRedirect' | 'completionCode' | 'targetSample' | 'devices' | 'participantParam' | 'keptParams'>>;

const FIELDS: readonly (keyof Draft)[] = ['name', 'slug', 'games', 'order', 'languages', 'defaultLanguage', 'consentMarkdown', 'consentTranslations', 'endPageMarkdown', 'endPageTranslations', 'completionRedirect', 'completionCode', 'declineRedirect', 'targetSample', 'devices', 'participantParam', 'keptParams'];
const NO_ERRORS: FieldErrors = { byField: {}, general: null };
/** Language names as each language calls itself. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', dk: 'Dansk' };
const ORDER_KEY = { fixed: 'orderFixed', random: 'orderRandom', 'latin-square': 'orderLatin' } as const;
const PARAM_KEY = { participantId: 'paramParticipantId', PROLIFIC_PID: 'paramProlific', id: 'paramSona', workerId: 'paramMturk', anonymous: 'paramAnonymous' } as const;
const DEVICES = ['phoneAllowed', 'keyboardNeeded', 'microphoneNeeded'] as const;

function draftOf(study: delphi.Study): Draft {
  const { name, slug, games, order, languages, defaultLanguage, consentMarkdown, consentTranslations, endPageMarkdown, endPageTranslations } = study;
  const { completionRedirect, declineRedirect, completionCode, targetSample, devices, participantParam, keptParams } = study;
  return { name, slug, games, order, languages, defaultLanguage, consentMarkdown, consentTranslations, endPageMarkdown, endPageTranslations, completionRedirect, declineRedirect, completionCode, targetSample, devices, participantParam, keptParams };
}

/** Everything a researcher sets on a study; develop and above change it, others read it. A 400 shows at the field it names. */
export function StudySettingsForm({ study, onSaved }: { study: delphi.Study; onSaved: (study: delphi.Study) => void }) {
  const { t } = useTranslation('delphiStudies');
  const errorText = useStudyErrorText();
  const canEdit = reaches(study.access, 'develop');
  const [draft, setDraft] = useState<Draft>(() => draftOf(study));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setSaved(false);
  };
  const err = (key: keyof Draft) => errors.byField[key];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await runAction(delphi.updateStudy, { update: { ...draft, completionRedirect: draft.completionRedirect || null, declineRedirect: draft.declineRedirect || null, completionCode: draft.completionCode || null } }, { id: study.id, handled: true });
    setBusy(false);
    if (result.ok) {
      setErrors(NO_ERRORS);
      setDraft(draftOf(result.data.study));
      setSaved(true);
      onSaved(result.data.study);
      return;
    }
    const message = result.error.message;
    const placed = fieldErrors(message, FIELDS);
    setErrors(/slug/i.test(message) && !/^[a-z.]+:/i.test(message) ? { byField: { slug: errorText(message) }, general: null } : { ...placed, general: placed.general && errorText(placed.general) });
  };

  return (
    <Stack component="section" aria-labelledby="study-settings-heading">
      <Title order={2} id="study-settings-heading">
        {t('settings.heading')}
      </Title>
      {canEdit ? null : <Alert color="gray">{t('settings.readOnly')}</Alert>}
      {canEdit && (study.status === 'open' || study.status === 'closed') ? <Text size="sm">{t('settings.versionNote')}</Text> : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Fieldset disabled={!canEdit} variant="unstyled" maw={760} p={0} m={0} style={{ border: 0 }}>
          <Stack>
            {errors.general ? (
              <Alert color="red" role="alert">
                {errors.general}
              </Alert>
            ) : null}
            <TextInput label={t('settings.name')} value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} required />
            <TextInput
              label={t('settings.slug')}
              description={study.status === 'draft' ? undefined : t('settings.slugFixed')}
              value={draft.slug}
              onChange={(e) => set('slug', e.currentTarget.value.toLowerCase())}
              error={err('slug')}
              disabled={!canEdit || study.status !== 'draft'}
              autoCapitalize="none"
              spellCheck={false}
            />
            <StudyGamesEditor games={draft.games} onChange={(games) => set('games', games)} disabled={!canEdit} error={err('games')} />
            <Radio.Group label={t('settings.order')} value={draft.order} onChange={(value) => set('order', value as Draft['order'])} error={err('order')}>
              <Stack gap="xs" mt="xs">
                {delphi.STUDY_ORDERS.map((order) => (
                  <Radio key={order} value={order} label={t(`settings.${ORDER_KEY[order]}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox.Group label={t('settings.languages')} value={draft.languages} onChange={(value) => set('languages', value as Draft['languages'])} error={err('languages')}>
              <Group mt="xs">
                {LANGUAGES.map((language) => (
                  <Checkbox key={language} value={language} label={LANGUAGE_NAMES[language]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label={t('settings.defaultLanguage')}
              data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
              value={draft.defaultLanguage}
              onChange={(value) => value && set('defaultLanguage', value as Draft['defaultLanguage'])}
              allowDeselect={false}
              error={err('defaultLanguage')}
            />
            <Select
              label={t('settings.participantParam')}
              data={delphi.PARTICIPANT_PARAMS.map((param) => ({ value: param, label: t(`settings.${PARAM_KEY[param]}`) }))}
              value={draft.participantParam}
              onChange={(value) => {
                if (!value) return;
                set('participantParam', value as Draft['participantParam']);
                // Prolific's own link carries STUDY_ID and SESSION_ID too (PANELS §1): kept unless the researcher chose others.
                if (value === 'PROLIFIC_PID' && draft.keptParams.length === 0) set('keptParams', ['STUDY_ID', 'SESSION_ID']);
              }}
              allowDeselect={false}
              error={err('participantParam')}
            />
            <TagsInput label={t('settings.keptParams')} description={t('settings.keptParamsHint')} value={draft.keptParams} onChange={(value) => set('keptParams', value)} error={err('keptParams')} />
            <Textarea label={t('settings.consent')} description={t('settings.consentHint')} value={draft.consentMarkdown} onChange={(e) => set('consentMarkdown', e.currentTarget.value)} error={err('consentMarkdown')} autosize minRows={3} maxRows={14} />
            <StudyTextTranslations kind="consent" texts={draft.consentTranslations} languages={draft.languages} defaultLanguage={draft.defaultLanguage} error={err('consentTranslations')} onChange={(texts) => set('consentTranslations', texts)} />
            <Textarea label={t('settings.endPage')} value={draft.endPageMarkdown} onChange={(e) => set('endPageMarkdown', e.currentTarget.value)} error={err('endPageMarkdown')} autosize minRows={2} maxRows={10} />
            <StudyTextTranslations kind="endPage" texts={draft.endPageTranslations} languages={draft.languages} defaultLanguage={draft.defaultLanguage} error={err('endPageTranslations')} onChange={(texts) => set('endPageTranslations', texts)} />
            <TextInput
              label={t('settings.redirect')}
              description={t('settings.redirectHint')}
              value={draft.completionRedirect ?? ''}
              onChange={(e) => set('completionRedirect', e.currentTarget.value)}
              error={err('completionRedirect')}
              inputMode="url"
              spellCheck={false}
            />
            <TextInput label={t('settings.code')} value={draft.completionCode ?? ''} onChange={(e) => set('completionCode', e.currentTarget.value)} error={err('completionCode')} spellCheck={false} />
            <TextInput
              label={t('settings.declineRedirect')}
              description={t('settings.declineRedirectHint')}
              value={draft.declineRedirect ?? ''}
              onChange={(e) => set('declineRedirect', e.currentTarget.value)}
              error={err('declineRedirect')}
              inputMode="url"
              spellCheck={false}
            />
            <NumberInput
              label={t('settings.target')}
              description={t('settings.targetHint')}
              value={draft.targetSample ?? ''}
              onChange={(value) => set('targetSample', typeof value === 'number' ? value : null)}
              error={err('targetSample')}
              min={1}
              allowDecimal={false}
            />
            <Stack gap="xs" role="group" aria-labelledby="study-devices-label">
              <Text fw={500} size="sm" id="study-devices-label">
                {t('settings.devices')}
              </Text>
              {DEVICES.map((device) => (
                <Switch key={device} label={t(`settings.${device}`)} checked={draft.devices[device]} onChange={(e) => set('devices', { ...draft.devices, [device]: e.currentTarget.checked })} />
              ))}
              {err('devices') ? (
                <Text c="red" size="sm">
                  {err('devices')}
                </Text>
              ) : null}
            </Stack>
            {canEdit ? (
              <Group>
                <Button type="submit" loading={busy}>
                  {t('settings.save')}
                </Button>
                <Text role="status" c="teal" size="sm">
                  {saved ? t('settings.saved') : ''}
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
      </form>
    </Stack>
  );
}
