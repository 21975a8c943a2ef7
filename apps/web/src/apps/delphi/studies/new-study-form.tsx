import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { delphi } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { fieldErrors } from './field-errors';
import type { FieldErrors } from './field-errors';
import { slugFromName } from './slug-from-name';
import { useStudyErrorText } from './study-error-text';

const NO_ERRORS: FieldErrors = { byField: {}, general: null };

/**
 * New study: a name and a slug; the server makes a draft with today's games, and its page opens.
 * The slug follows the name (`slugFromName`) until the researcher edits it; from then on it is theirs.
 */
export function NewStudyForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('delphiStudies');
  const navigate = useNavigate();
  const errorText = useStudyErrorText();
  const [name, setName] = useState('');
  const [ownSlug, setOwnSlug] = useState<string | null>(null);
  const slug = ownSlug ?? slugFromName(name);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Checked here first, in the page's language, with the contract's own slug rule; the server checks again.
    const missing: Record<string, string> = {};
    if (name.trim() === '') missing.name = t('create.nameRequired');
    if (!delphi.studySlugSchema.safeParse(slug).success) missing.slug = t('create.slugInvalid');
    if (Object.keys(missing).length > 0) {
      setErrors({ byField: missing, general: null });
      return;
    }
    setBusy(true);
    const result = await runAction(delphi.createStudy, { name, slug }, { handled: true });
    setBusy(false);
    if (result.ok) {
      void navigate(`/Studies/${result.data.study.id}`);
      return;
    }
    const message = result.error.message;
    // A taken slug is a 409 without a field prefix: it still belongs at the slug.
    const placed = fieldErrors(message, ['name', 'slug']);
    setErrors(/slug/i.test(message) && !/^[a-z]+:/i.test(message) ? { byField: { slug: errorText(message) }, general: null } : { ...placed, general: placed.general && errorText(placed.general) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {errors.general ? (
            <Alert color="red" role="alert">
              {errors.general}
            </Alert>
          ) : null}
          <TextInput label={t('create.name')} description={t('create.nameHint')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.byField.name} required data-autofocus />
          <TextInput
            label={t('create.slug')}
            description={t('create.slugHint')}
            value={slug}
            onChange={(e) => setOwnSlug(e.currentTarget.value.toLowerCase())}
            error={errors.byField.slug}
            required
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
