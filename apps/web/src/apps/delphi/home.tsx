import { Alert, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { FeatureList } from '../../ui/feature-list';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The study's front page: what the suite is and how participants get in (their study link). */
export function DelphiHome() {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('home.title'));
  return (
    <Section>
      <PageIntro title={t('home.title')} lead={t('home.lead')}>
        <Alert color="indigo" variant="light" maw={760}>
          {t('home.participants')}
        </Alert>
      </PageIntro>
      <Title order={2} mb="md">
        {t('home.gamesHeading')}
      </Title>
      <FeatureList features={t('home.games', { returnObjects: true })} headingOrder={3} />
    </Section>
  );
}
