import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A researcher's preview of a study (`/s/<slug>?preview=1`, issue 26): said on every page of the run. */
export function PreviewBanner() {
  const { t } = useTranslation('delphi');
  return (
    <Alert color="violet" variant="filled" role="note" mb="md" aria-label={t('study.previewLabel')}>
      {t('study.previewBanner')}
    </Alert>
  );
}
