import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSessionUser } from '../../shell/session/session-store';

/** `/cloud`: the signed-in user's account page (requires login); the accounts issue fills it in. */
export function CloudPage() {
  const { t } = useTranslation('app');
  const user = useSessionUser();
  useDocumentTitle(t('account.title'));
  return (
    <Section>
      <PageIntro title={t('account.title')} lead={t('account.signedInAs', { name: user?.name ?? '' })}>
        <Stack>
          <Text c="dimmed">{t('account.later')}</Text>
        </Stack>
      </PageIntro>
    </Section>
  );
}
