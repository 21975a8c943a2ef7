import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { isApiError } from '../../../shell/api/errors';
import { NoticePage } from './notice-page';

/** The server's answer to a browser that does not hold the participant's suite key (ADR 043). */
export function isOpenElsewhere(error: unknown): boolean {
  const info = delphi.DELPHI_ERRORS.openElsewhere;
  return isApiError(error) && error.code === info.code && error.message === info.message;
}

/** Shown instead of the games when the participant's study is bound to another browser. */
export function OpenElsewhere({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('delphi');
  return (
    <NoticePage
      title={t('suite.elsewhereTitle')}
      after={
        <Button onClick={onRetry} variant="light" w="fit-content">
          {t('suite.elsewhereRetry')}
        </Button>
      }
    >
      {t('suite.elsewhereBody')}
    </NoticePage>
  );
}
