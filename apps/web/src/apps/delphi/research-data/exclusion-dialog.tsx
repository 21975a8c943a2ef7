/** Exclude a participant (or one game of theirs) with a reason, or undo it: every step is logged (ADR 025). */
import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { HUB_GAMES } from '../suite/games';

export interface ExclusionTarget {
  readonly participant: delphi.ParticipantRecord;
  readonly action: 'exclude' | 'undo';
}

const WHOLE = '';
const REASON_MISSING = 'reasonMissing';

export function ExclusionDialog({ target, onClose, onDone }: { target: ExclusionTarget | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  const { t: shellT } = useTranslation();
  const [scope, setScope] = useState(WHOLE);
  const [reason, setReason] = useState('');
  // The reason left out (said at its field, in the page's language), or another refusal from the server.
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (target === null) return null;
  const { participant, action } = target;

  // Undo offers what is excluded now; exclude offers what is not.
  const options = [
    ...(participant.excluded === (action === 'undo') ? [{ value: WHOLE, label: t('data.exclusion.wholeParticipant') }] : []),
    ...HUB_GAMES.filter((game) => participant.games.find((g) => g.gameName === game.name)?.excluded === (action === 'undo')).map((game) => ({
      value: game.name,
      label: tSuite(`games.${game.key}.name`),
    })),
  ];
  const chosen = options.some((o) => o.value === scope) ? scope : (options[0]?.value ?? WHOLE);

  const close = () => {
    setReason('');
    setScope(WHOLE);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (reason.trim() === '') {
      setError(REASON_MISSING);
      return;
    }
    setSaving(true);
    const input = { suite: participant.suiteId, reason, ...(chosen === WHOLE ? {} : { gameName: chosen as delphi.GameName }) };
    const result = await runAction(action === 'exclude' ? delphi.excludeParticipant : delphi.undoExclusion, input, { handled: true });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message.includes(delphi.EXCLUSION_REASON_MESSAGE) ? REASON_MISSING : result.error.message);
      return;
    }
    close();
    onDone();
  };

  const title = t(action === 'exclude' ? 'data.exclusion.excludeTitle' : 'data.exclusion.undoTitle', { id: participant.participantId });
  return (
    <Modal opened onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('data.exclusion.cancel') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">{t(action === 'exclude' ? 'data.exclusion.excludeLead' : 'data.exclusion.undoLead')}</Text>
          <NativeSelect label={t('data.exclusion.scope')} data={options} value={chosen} onChange={(event) => setScope(event.currentTarget.value)} />
          <Textarea
            label={t('data.exclusion.reason')}
            description={t('data.exclusion.reasonHint')}
            // Our message, not the browser's bubble: the field is checked on submit.
            withAsterisk
            aria-required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error === REASON_MISSING ? t('data.exclusion.reasonRequired') : undefined}
            data-autofocus
          />
          {error && error !== REASON_MISSING && (
            <Alert color="red" role="alert">
              {translateErrorMessage(shellT, error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('data.exclusion.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t(action === 'exclude' ? 'data.exclusion.confirmExclude' : 'data.exclusion.confirmUndo')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
