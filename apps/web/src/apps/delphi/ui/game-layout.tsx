import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useGamesNamespace } from '../i18n/games-namespace';

/** The frame of every screen of one game: its texts loaded, its title set, one narrow section. */
export function GameLayout({ titleKey }: { titleKey: 'quiz.welcomeTitle' | 'flash.welcomeTitle' }) {
  useGamesNamespace();
  const { t } = useTranslation('delphiGames');
  useDocumentTitle(t(titleKey));
  return (
    <Section py="xl" maw={900}>
      <Outlet />
    </Section>
  );
}
