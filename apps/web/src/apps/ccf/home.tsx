import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IntroPage } from '../../ui/intro-page';
import { useModal } from '../../shell/modals/use-modal';

export function CcfHome() {
  const { t } = useTranslation('ccf');
  const { openModal } = useModal();
  return (
    <IntroPage title={t('home.title')} lead={t('home.lead')} features={t('home.features', { returnObjects: true })}>
      <div>
        <Button onClick={() => openModal('session')}>{t('home.enterKey')}</Button>
      </div>
    </IntroPage>
  );
}
