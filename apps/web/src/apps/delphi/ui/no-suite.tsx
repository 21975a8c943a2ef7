import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A game's welcome in a tab where no study is open (the game's address opened on its own, in a
 * new tab or from the history): SPEC §2's "Error loading suite", and how to go on.
 */
export function NoSuite() {
  const { t } = useTranslation('delphiGames');
  return (
    <Alert color="red" role="alert" title={t('quiz.errorLoadingSuite')}>
      {t('play.noSuiteBody')}
    </Alert>
  );
}
