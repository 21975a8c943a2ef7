import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StudyStatusBadge } from './status-badge';
import { reaches } from './study-access';
import { useStudyErrorText } from './study-error-text';

/** Opening and closing touch real participants: they are confirmed first. */
const CONFIRMED = new Set<delphi.StudyStatus>(['open', 'closed']);

/** The study's status and the changes it allows now (STUDY_TRANSITIONS), for manage and above. */
export function StudyStatusButtons({ study, onChanged }: { study: delphi.Study; onChanged: (study: delphi.Study) => void }) {
  const { t } = useTranslation('delphiStudies');
  const errorText = useStudyErrorText();
  const [confirming, setConfirming] = useState<delphi.StudyStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canChange = reaches(study.access, 'manage');
  const next = delphi.STUDY_TRANSITIONS[study.status];

  const change = async (status: delphi.StudyStatus) => {
    setConfirming(null);
    setBusy(true);
    const result = await runAction(delphi.setStudyStatus, { status }, { id: study.id, handled: true });
    setBusy(false);
    if (result.ok) {
      setError(null);
      onChanged(result.data.study);
    } else setError(errorText(result.error.message));
  };

  return (
    <Stack component="section" aria-labelledby="study-status-heading" gap="xs">
      <Group gap="sm">
        <Title order={2} id="study-status-heading">
          {t('status_change.heading')}
        </Title>
        <StudyStatusBadge status={study.status} />
      </Group>
      {canChange ? (
        <Group>
          {next.map((status) => (
            <Button key={status} variant={status === 'open' ? 'filled' : 'light'} loading={busy} onClick={() => (CONFIRMED.has(status) ? setConfirming(status) : void change(status))}>
              {t(`status_change.to_${status}`)}
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="sm">{t('status_change.manageOnly')}</Text>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming === 'closed' ? t('status_change.confirmClosedTitle') : t('status_change.confirmOpenTitle')} centered>
        <Stack>
          <Text>{confirming === 'closed' ? t('status_change.confirmClosed') : t('status_change.confirmOpen')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('status_change.cancel')}
            </Button>
            <Button onClick={() => confirming && void change(confirming)}>{t('status_change.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
