import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shell/session/session-store';
import { CopyLink } from './copy-link';

/** The researcher's own account id, to copy: a study's team takes colleagues by account id, so a newcomer must be able to find theirs. */
export function YourAccountId() {
  const { t } = useTranslation('delphiStudies');
  const me = useSessionUser();
  if (!me?._id) return null;
  return (
    <Stack gap={4} maw={760}>
      <CopyLink label={t('team.yourId')} url={me._id} />
      <Text size="sm" c="dimmed">
        {t('team.yourIdHint')}
      </Text>
    </Stack>
  );
}
