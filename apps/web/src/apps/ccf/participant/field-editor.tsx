import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ccf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useCcfForms } from './i18n/use-ccf-forms';
import { ccfMessage } from '../ccf-message';
import type { Participation } from '../participation';

type Draft = string | number | string[] | '';

function initialDraft(field: ccf.ParticipantField): Draft {
  if (field.answer !== null) return field.answer;
  return field.type === 'multipleChoice' ? [] : '';
}

/** A client id for one answer: a retry of the same submission reuses it, so nothing is stored twice. */
function answerId(): string {
  return `a-${crypto.randomUUID()}`;
}

/** One field's input, by type; checked with the contract's rule before it is sent. */
export function FieldEditor({
  field,
  number,
  participation,
  onSaved,
  onCancel,
}: {
  field: ccf.ParticipantField;
  number: number;
  participation: Participation;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useCcfForms();
  const { t: shellT } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initialDraft(field));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pendingId = useRef<string | null>(null);
  const label = t('participant.yourAnswer');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ccf.checkAnswer(field, draft === '' ? undefined : draft);
    if (!checked.ok) {
      setError(t(`answerErrors.${field.type}`));
      return;
    }
    setBusy(true);
    setError(null);
    pendingId.current ??= answerId();
    const result = await runAction(ccf.submitField, { ...participation, fieldId: field._id, _id: pendingId.current, value: checked.value }, { handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      // Refused for good (validation, closed): the next try is a new answer with a new id.
      if (result.error.code !== undefined && result.error.code < 500) pendingId.current = null;
      setError(ccfMessage(t, result.error.message) ?? translateErrorMessage(shellT, result.error.message));
      return;
    }
    pendingId.current = null;
    onSaved();
  }

  const inputId = `field-${field._id}`;
  let input;
  switch (field.type) {
    case 'text':
      input = <Textarea id={inputId} label={label} autosize minRows={3} maxRows={12} value={String(draft)} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />;
      break;
    case 'number':
      input = <NumberInput id={inputId} label={label} value={draft === '' ? '' : Number(draft)} onChange={(value) => setDraft(typeof value === 'number' ? value : value === '' ? '' : Number(value))} decimalSeparator="." />;
      break;
    case 'singleChoice':
      input = (
        <Radio.Group label={label} value={typeof draft === 'string' ? draft : ''} onChange={setDraft}>
          <Stack gap="xs" mt="xs">
            {field.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'multipleChoice':
      input = (
        <Checkbox.Group label={label} value={Array.isArray(draft) ? draft : []} onChange={setDraft}>
          <Stack gap="xs" mt="xs">
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'scale':
      input = (
        <Radio.Group label={label} description={`${t('participant.scaleLow')}, ${t('participant.scaleHigh')}`} value={draft === '' ? '' : String(draft)} onChange={(value) => setDraft(Number(value))}>
          <Group gap="sm" mt="xs">
            {Array.from({ length: ccf.SCALE_MAX - ccf.SCALE_MIN + 1 }, (_, i) => String(ccf.SCALE_MIN + i)).map((value) => (
              <Radio key={value} value={value} label={value} />
            ))}
          </Group>
        </Radio.Group>
      );
      break;
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('participant.field', { number })}>
      <Stack gap="sm">
        {input}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('participant.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('participant.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function answerText(answer: ccf.AnswerValue | null): string {
  if (answer === null) return '';
  return Array.isArray(answer) ? answer.join(', ') : String(answer);
}

export function FieldAnswer({ answer }: { answer: ccf.AnswerValue | null }) {
  return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answerText(answer)}</Text>;
}
