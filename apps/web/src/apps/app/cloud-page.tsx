import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useTab } from '../../shell/routing/use-tab';
import { useSessionUser, type SessionUser } from '../../shell/session/session-store';
import { ProfileSection } from './cloud/profile-section';
import { PersonCardSection } from './cloud/person-card-section';
import { ChangeEmailSection, ChangePasswordSection, MailedLinkSection } from './cloud/account-sections';
import { UploadsSection } from './cloud/uploads-section';
import { NotesSection } from './cloud/notes-section';
import { ShortLinkSection } from './cloud/short-link-section';
import { useCloudTranslation } from './cloud/i18n/use-cloud-translation';

/**
 * The tabs live in `?tab=` (SPEC §2). The image picker uses `tab` too while it is open and
 * removes it when it closes; it is only opened from the default tab (Your uploads), which an
 * unknown or missing `tab` falls back to, so the page stays where the person was.
 */
const CLOUD_TABS = ['account', 'notes', 'links'] as const;
type CloudTab = (typeof CLOUD_TABS)[number];

/** `/cloud`: the signed-in user's account page (requires login). */
export function CloudPage() {
  const { t } = useTranslation('app');
  const user = useSessionUser();
  useDocumentTitle(t('account.title'));
  if (!user) return null;
  return (
    <Section>
      <PageIntro title={t('account.title')} lead={t('account.signedInAs', { name: user.name })} />
      {user.isGuest || !user._id ? <Text pb="xl">{t('account.guest')}</Text> : <CloudTabs user={user} ownerId={user._id} />}
    </Section>
  );
}

function CloudTabs({ user, ownerId }: { user: SessionUser; ownerId: string }) {
  const { t } = useCloudTranslation();
  const [tab, setTab] = useTab<CloudTab>('account', CLOUD_TABS);
  return (
    // keepMounted={false}: the notes tab alone loads the Markdown editor, and only when opened.
    <Tabs value={tab} onChange={(value) => value && setTab(value as CloudTab)} keepMounted={false} pb="xl">
      <Tabs.List aria-label={t('tabs.label')} mb="lg">
        <Tabs.Tab value="account">{t('tabs.account')}</Tabs.Tab>
        <Tabs.Tab value="notes">{t('tabs.notes')}</Tabs.Tab>
        <Tabs.Tab value="links">{t('tabs.links')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="account">
        <Stack gap="lg">
          <ProfileSection user={user} />
          <PersonCardSection user={{ ...user, _id: ownerId }} />
          <UploadsSection />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ChangePasswordSection user={user} />
            <ChangeEmailSection user={user} />
            <MailedLinkSection user={user} kind="download" />
            <MailedLinkSection user={user} kind="forget" />
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="notes">
        <NotesSection ownerId={ownerId} />
      </Tabs.Panel>
      <Tabs.Panel value="links">
        <ShortLinkSection />
      </Tabs.Panel>
    </Tabs>
  );
}
