import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { FeatureList } from '../../ui/feature-list';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useModal } from '../../shell/modals/use-modal';
import { useSessionUser } from '../../shell/session/session-store';

/** Home of the accounts app: what it is for, with the ways in. */
export function AppHome() {
  const { t } = useTranslation('app');
  const { openModal } = useModal();
  const user = useSessionUser();
  useDocumentTitle(t('home.title'));
  return (
    <Section>
      <PageIntro title={t('home.title')} lead={t('home.lead')}>
        {!user && (
          <Group>
            <Button onClick={() => openModal('login')}>{t('home.logIn')}</Button>
            <Button variant="light" onClick={() => openModal('register', { redirect: '/' })}>
              {t('home.requestAccount')}
            </Button>
          </Group>
        )}
      </PageIntro>
      <FeatureList features={t('home.features', { returnObjects: true })} />
    </Section>
  );
}
