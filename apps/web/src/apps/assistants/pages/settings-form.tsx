import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { assistants } from '@chi/contract';
import { useImagePicker } from '../../../shell/documents/image-choice';
import { LazyMarkdownEditor } from '../../../ui/markdown/lazy-markdown';
import { usePagesTranslation } from './i18n/use-pages-translation';

export interface SettingsValues {
  kind: assistants.AssistantKind;
  name: string;
  description: string;
  instructions: string;
  course: string;
  avatarUrl: string | null;
  topK: number;
}

export function settingsFrom(a: assistants.Assistant): SettingsValues {
  return { kind: a.kind, name: a.name, description: a.description, instructions: a.instructions, course: a.course ?? '', avatarUrl: a.avatarUrl, topK: a.modelSettings.topK ?? 5 };
}

/** The assistant's settings (name, avatar, description, course, instructions, passages per answer), for new and existing assistants. */
export function SettingsForm({ initial, isNew, busy, onSubmit }: { initial: SettingsValues; isNew: boolean; busy: boolean; onSubmit: (values: SettingsValues) => void }) {
  const { t } = usePagesTranslation();
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const picker = useImagePicker();
  const applied = useRef(picker.lastChoice);
  useEffect(() => {
    const choice = picker.lastChoice;
    if (!choice || applied.current === choice) return;
    applied.current = choice;
    setValues((v) => ({ ...v, avatarUrl: choice.url }));
  }, [picker.lastChoice]);
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (values.name.trim() === '') {
          setNameError(t('editor.required'));
          return;
        }
        setNameError(null);
        onSubmit(values);
      }}
    >
      <Stack gap="md">
        {isNew && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="assistant-kind-label">
              {t('editor.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="assistant-kind-label"
              value={values.kind}
              onChange={(value) => {
                const kind = value === 'teaching' ? 'teaching' : 'custom';
                set('kind', kind);
              }}
              data={[
                { value: 'custom', label: t('editor.kindCustom') },
                { value: 'teaching', label: t('editor.kindTeaching') },
              ]}
              // Each choice's name wraps on a phone ("Undervisnings-assistent") instead of ending in "…".
              fullWidth
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', hyphens: 'auto' } }}
            />
          </Stack>
        )}
        <TextInput label={t('editor.name')} required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={nameError ?? undefined} maxLength={assistants.NAME_MAX} />
        <Group gap="sm">
          <Avatar src={values.avatarUrl} alt={t('editor.avatar')} radius="xl" size="lg" name={values.name} color="initials" />
          <Button variant="default" onClick={() => picker.open()}>
            {t('editor.chooseAvatar')}
          </Button>
        </Group>
        <Textarea label={t('editor.description')} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={2} maxLength={assistants.DESCRIPTION_MAX} />
        {values.kind === 'teaching' && <TextInput label={t('editor.course')} value={values.course} onChange={(e) => set('course', e.currentTarget.value)} maxLength={assistants.NAME_MAX} />}
        <Stack gap={4}>
          <LazyMarkdownEditor label={t('editor.instructions')} value={values.instructions} onChange={(markdown) => set('instructions', markdown)} />
          <Text size="xs" c="dimmed">
            {t('editor.instructionsHelp')}
          </Text>
        </Stack>
        <NumberInput label={t('editor.topK')} min={1} max={20} value={values.topK} onChange={(value) => set('topK', typeof value === 'number' ? value : 5)} maw={220} />
        <Group>
          <Button type="submit" loading={busy}>
            {isNew ? t('editor.create') : t('editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
