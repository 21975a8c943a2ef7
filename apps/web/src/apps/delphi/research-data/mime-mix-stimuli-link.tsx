/**
 * The way to the Mime Mix stimulus sheet (a reference page of the 36 faces): on /Data only for a
 * study that has Mime Mix, or whose games cannot be read here (UI audit: it showed for every study).
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showsGameSection, useStudyGames } from './study-games';

export function MimeMixStimuliLink() {
  const { t } = useTranslation('delphiData');
  const games = useStudyGames();
  // Only the study's games decide: the sheet is a reference, not data of this study.
  if (!showsGameSection(games, 'MimeMix', false)) return null;
  return (
    <Anchor component={Link} to="/Data/MimeMixStimuli" w="fit-content">
      {t('data.mimeMixStimuli')}
    </Anchor>
  );
}
