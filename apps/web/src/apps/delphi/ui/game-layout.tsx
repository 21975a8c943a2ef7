import { Outlet } from 'react-router';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import type { delphi } from '@chi/contract';
import { useGamesNamespace } from '../games/i18n/games-namespace';
import { LeaveGuard } from '../suite/leave-guard';

/**
 * The frame of every screen of one game: the shared game texts loaded, its title set, one narrow
 * section, and the leave guard. The game loads its own namespace (if any) before it reads `title`.
 */
export function GameLayout({ title, gameName, basePath }: { title: string; gameName: delphi.GameName; basePath: string }) {
  useGamesNamespace();
  useDocumentTitle(title);
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName={gameName} basePath={basePath} />
    </Section>
  );
}
