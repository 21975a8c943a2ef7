import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSessionUser } from '../../shell/session/session-store';
import { ProfileSection } from './cloud/profile-section';
import { ChangeEmailSection, ChangePasswordSection, MailedLinkSection } from './cloud/account-sections';
import { UploadsSection } from './cloud/uploads-section';

/** `/cloud`: the signed-in user's account page (requires login). */
export function CloudPage() {
  const { t } = useTranslation('app');
  const user = useSessionUser();
  useDocumentTitle(t('account.title'));
  if (!user) return null;
  return (
    <Section>
      <PageIntro title={t('account.title')} lead={t('account.signedInAs', { name: user.name })} />
      {user.isGuest ? (
        <Text pb="xl">{t('account.guest')}</Text>
      ) : (
        <Stack gap="lg" pb="xl">
          <ProfileSection user={user} />
          <UploadsSection />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ChangePasswordSection user={user} />
            <ChangeEmailSection user={user} />
            <MailedLinkSection user={user} kind="download" />
            <MailedLinkSection user={user} kind="forget" />
          </SimpleGrid>
        </Stack>
      )}
    </Section>
  );
}
