/** "Joining the study…" while the participant's suite is asked for: the suite entry and a study link's page. */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function JoiningStatus() {
  const { t } = useTranslation('delphi');
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-hidden />
        <Text role="status">{t('suite.joining')}</Text>
      </Stack>
    </Center>
  );
}
