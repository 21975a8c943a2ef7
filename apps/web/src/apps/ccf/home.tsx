import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IntroPage } from '../../ui/intro-page';
import { useModal } from '../../shell/modals/use-modal';
import { PARTICIPANT_PATH, readParticipation } from './participation';

export function CcfHome() {
  const { t } = useTranslation('ccf');
  const { openModal } = useModal();
  const begun = readParticipation() !== null;
  return (
    <IntroPage title={t('home.title')} lead={t('home.lead')} features={t('home.features', { returnObjects: true })}>
      <Group gap="sm">
        {begun && (
          <Button component={Link} to={PARTICIPANT_PATH}>
            {t('home.continue')}
          </Button>
        )}
        <Button variant={begun ? 'light' : 'filled'} onClick={() => openModal('userSession')}>
          {t('home.enterKey')}
        </Button>
      </Group>
    </IntroPage>
  );
}
