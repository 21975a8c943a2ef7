import { useTranslation } from 'react-i18next';
import { IntroPage } from '../../ui/intro-page';

export function AssistantsHome() {
  const { t } = useTranslation('assistants');
  return <IntroPage title={t('home.title')} lead={t('home.lead')} features={t('home.features', { returnObjects: true })} />;
}
