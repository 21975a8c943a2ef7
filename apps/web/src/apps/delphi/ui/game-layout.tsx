import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import type { delphi } from '@chi/contract';
import { useGamesNamespace } from '../i18n/games-namespace';
import { LeaveGuard } from '../kit/leave-guard';

/** The frame of every screen of one game: its texts loaded, its title set, one narrow section, and the leave guard. */
export function GameLayout({ titleKey, gameName, basePath }: { titleKey: 'quiz.welcomeTitle' | 'flash.welcomeTitle'; gameName: delphi.GameName; basePath: string }) {
  useGamesNamespace();
  const { t } = useTranslation('delphiGames');
  useDocumentTitle(t(titleKey));
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName={gameName} basePath={basePath} />
    </Section>
  );
}
