import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { isApiError } from '../../../shell/api/errors';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** The server's answer to a browser that does not hold the participant's suite key (ADR 043). */
export function isOpenElsewhere(error: unknown): boolean {
  const info = delphi.DELPHI_ERRORS.openElsewhere;
  return isApiError(error) && error.code === info.code && error.message === info.message;
}

/** Shown instead of the games when the participant's study is bound to another browser. */
export function OpenElsewhere({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('delphi');
  useDocumentTitle(t('suite.elsewhereTitle'));
  return (
    <Section>
      <PageIntro title={t('suite.elsewhereTitle')} lead="">
        <Alert color="orange" variant="light" maw={760} role="alert">
          {t('suite.elsewhereBody')}
        </Alert>
        <Button onClick={onRetry} variant="light" w="fit-content">
          {t('suite.elsewhereRetry')}
        </Button>
      </PageIntro>
    </Section>
  );
}
