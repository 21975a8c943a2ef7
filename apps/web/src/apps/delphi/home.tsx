import { Suspense, lazy } from 'react';
import { Alert, Center, Loader, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { FeatureList } from '../../ui/feature-list';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSuiteState } from './suite/suite-store';

// Participants only: researchers and visitors on the study page never load the hub or the outbox.
const SuiteEntry = lazy(() => import('./suite/suite-entry').then((m) => ({ default: m.SuiteEntry })));
const Hub = lazy(() => import('./suite/hub').then((m) => ({ default: m.Hub })));

/** The study's front page: what the suite is and how participants get in (their study link). */
function StudyInfo() {
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

/** `/`: a study link joins the suite; a participant of this tab sees the hub; anyone else the study info. */
export function DelphiHome() {
  const [params] = useSearchParams();
  const participantId = params.get('participantId');
  const { session } = useSuiteState();
  if (participantId === null && !session) return <StudyInfo />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-hidden />
        </Center>
      }
    >
      {participantId !== null ? <SuiteEntry participantId={participantId} /> : session && <Hub session={session} />}
    </Suspense>
  );
}
