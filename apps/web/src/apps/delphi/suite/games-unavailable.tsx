import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** `/GamesUnavailable`: no valid participant id or no suite; explains how to join. */
export function GamesUnavailable() {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('suite.unavailableTitle'));
  // Only explains: a visit here keeps the participant (a bad study link forgets them, in SuiteEntry).
  return (
    <Section>
      <PageIntro title={t('suite.unavailableTitle')} lead="">
        <Alert color="orange" variant="light" maw={760}>
          {t('suite.unavailableBody')}
        </Alert>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('suite.backHome')}
        </Button>
      </PageIntro>
    </Section>
  );
}
