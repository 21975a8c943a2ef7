import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { leaveSuite } from './suite-store';
import { useEffect } from 'react';

/** `/GamesUnavailable`: no valid participant id or no suite; explains how to join. */
export function GamesUnavailable() {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('suite.unavailableTitle'));
  // A bad link must not leave an older participant's session behind in this tab.
  useEffect(() => leaveSuite(), []);
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
