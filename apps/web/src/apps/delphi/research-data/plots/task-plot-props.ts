import type { delphiPlots } from '@chi/contract';

/** What every plot of the task panel receives. */
export interface PlotProps {
  readonly input: delphiPlots.PlotInput & { includeExcluded: boolean };
  /** Bumped to load again (an exclusion changed who is counted). */
  readonly version: number;
  /** A participant is picked and has responses in this task. */
  readonly showParticipant: boolean;
}
