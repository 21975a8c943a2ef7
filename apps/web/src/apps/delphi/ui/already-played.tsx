import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A played game is never replayed: a reload, a second tab or a 409 from startGame lands here. */
export function AlreadyPlayed() {
  const { t } = useTranslation('delphiGames');
  return (
    <Alert color="orange" title={t('play.alreadyPlayed')} role="alert">
      {t('play.alreadyPlayedBody')}
      <Button component={Link} to="/" mt="md" display="block" w="fit-content">
        {t('play.toHub')}
      </Button>
    </Alert>
  );
}
