/**
 * From the server's aggregates (ADR 027) to what the plots draw: shares within each panel, so
 * one participant's few responses compare with the group's many on the same scale.
 */
import type { delphi, delphiPlots } from '@chi/contract';

/** The games with plots, in the hub's order (Morning Memo records audio, no responses to plot). */
export const PLOTTED_GAMES: readonly delphi.GameName[] = ['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix'];

export interface RtBar {
  readonly panel: string;
  readonly condition: string;
  readonly block: string;
  readonly x1: number;
  readonly x2: number;
  readonly groupShare: number;
  readonly participantShare: number | null;
}

/** Each bin's share of its condition × block for the group and the participant (null: no responses of theirs there). */
export function rtBars(
  bins: readonly delphiPlots.RtBin[],
  binMs: number,
  panelName: (condition: string, block: string) => string = (condition, block) => `${condition} · ${block}`,
): RtBar[] {
  const totals = new Map<string, { group: number; participant: number }>();
  const key = (b: { condition: string; block: string }) => panelName(b.condition, b.block);
  for (const bin of bins) {
    const total = totals.get(key(bin)) ?? { group: 0, participant: 0 };
    total.group += bin.group;
    total.participant += bin.participant;
    totals.set(key(bin), total);
  }
  return bins.map((bin) => {
    const total = totals.get(key(bin)) ?? { group: 0, participant: 0 };
    return {
      panel: key(bin),
      condition: bin.condition,
      block: bin.block,
      x1: bin.binStart,
      x2: bin.binStart + binMs,
      groupShare: total.group > 0 ? bin.group / total.group : 0,
      participantShare: total.participant > 0 ? bin.participant / total.participant : null,
    };
  });
}

export interface AccuracyBar {
  readonly label: string;
  readonly groupAccuracy: number | null;
  readonly participantAccuracy: number | null;
  readonly groupScored: number;
  readonly participantScored: number;
}

/** One bar per block (and category, when the block has several), with the participant's accuracy beside it. */
export function accuracyBars(cells: readonly delphiPlots.AccuracyCell[]): AccuracyBar[] {
  return cells.map((cell) => ({
    label: [cell.block, cell.category].filter((part, i, all) => part !== '' && all.indexOf(part) === i).join(' · ') || '—',
    groupAccuracy: cell.groupScored > 0 ? cell.groupCorrect / cell.groupScored : null,
    participantAccuracy: cell.participantScored > 0 ? cell.participantCorrect / cell.participantScored : null,
    groupScored: cell.groupScored,
    participantScored: cell.participantScored,
  }));
}

export interface ViewCellShare extends delphiPlots.ViewCell {
  /** The cell's share of its row (the group's), 0-1. */
  readonly rowShare: number;
}

/** Confusion matrices and error types read per row: each cell as a share of its row. */
export function rowShares(cells: readonly delphiPlots.ViewCell[]): ViewCellShare[] {
  const rows = new Map<string, number>();
  for (const cell of cells) rows.set(cell.row, (rows.get(cell.row) ?? 0) + cell.group);
  return cells.map((cell) => ({ ...cell, rowShare: (rows.get(cell.row) ?? 0) > 0 ? cell.group / (rows.get(cell.row) ?? 1) : 0 }));
}

export const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)} %`);
export const ms = (value: number | null): string => (value === null ? '—' : `${Math.round(value)} ms`);
