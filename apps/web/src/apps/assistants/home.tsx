import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IntroPage } from '../../ui/intro-page';

/** The assistants home: the intro and the ways in. It stays light (a measured first load); every page is a lazy chunk. */
export function AssistantsHome() {
  const { t } = useTranslation('assistants');
  return (
    <IntroPage title={t('home.title')} lead={t('home.lead')} features={t('home.features', { returnObjects: true })}>
      <Group gap="sm">
        <Button component={Link} to="/custom">
          {t('home.custom')}
        </Button>
        <Button component={Link} to="/teaching" variant="light">
          {t('home.teaching')}
        </Button>
        <Button component={Link} to="/assistant/new" variant="default">
          {t('home.new')}
        </Button>
        <Button component={Link} to="/quantumStrategies" variant="default">
          {t('home.strategies')}
        </Button>
      </Group>
    </IntroPage>
  );
}
