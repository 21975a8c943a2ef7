/**
 * How each plot is drawn with Observable Plot (passed in, loaded lazily): the group as grey
 * bars or shaded cells, the highlighted participant in the accent colour on top, facets one
 * under the other so a 320 px screen keeps the full width for each panel.
 */
import type { PlotModule } from './plot-figure';
import type { AccuracyBar, RtBar, ViewCellShare } from './plot-data';

const GROUP = '#9aa5b1';
const PARTICIPANT = '#c2255c';

export interface Labels {
  readonly x: string;
  readonly y: string;
}

/** RT histograms, one panel per condition × block, as shares; the participant's share as dots. */
export function drawRt(plot: PlotModule, width: number, bars: readonly RtBar[], labels: Labels) {
  const mine = bars.filter((b) => b.participantShare !== null && b.participantShare > 0);
  return plot.plot({
    width,
    marginLeft: 44,
    x: { label: labels.x },
    // Panel names sit above each panel's bars (room kept by insetTop): long names, any width.
    y: { label: labels.y, percent: true, grid: true, insetTop: 16 },
    fy: { axis: null, label: null },
    marks: [
      plot.rectY(bars, { x1: 'x1', x2: 'x2', y: 'groupShare', fy: 'panel', fill: GROUP, insetLeft: 0.5, insetRight: 0.5 }),
      plot.dot(mine, { x: (b: RtBar) => (b.x1 + b.x2) / 2, y: 'participantShare', fy: 'panel', fill: PARTICIPANT, r: 3.5 }),
      plot.ruleY([0]),
      plot.text(bars, plot.selectFirst({ fy: 'panel', text: 'panel', frameAnchor: 'top-left', dx: 4, fontWeight: 'bold', lineWidth: Math.max(20, width / 7) })),
    ],
  });
}

/** Accuracy per block (and category): bars for the group, a dot for the participant. */
export function drawAccuracy(plot: PlotModule, width: number, bars: readonly AccuracyBar[], labels: Labels) {
  return plot.plot({
    width,
    marginLeft: Math.min(160, Math.max(60, width * 0.35)),
    x: { label: labels.x, percent: true, domain: [0, 100], grid: true },
    y: { label: null },
    marks: [
      plot.barX(bars, { y: 'label', x: (b: AccuracyBar) => b.groupAccuracy ?? 0, fill: GROUP }),
      plot.dot(
        bars.filter((b) => b.participantAccuracy !== null),
        { y: 'label', x: 'participantAccuracy', fill: PARTICIPANT, r: 5 },
      ),
      plot.ruleX([0]),
    ],
  });
}

/** A matrix (confusion, error types): each cell shaded by its share of the row; the participant's cells outlined. */
export function drawMatrix(plot: PlotModule, width: number, cells: readonly ViewCellShare[], labels: Labels) {
  return plot.plot({
    width,
    marginLeft: 80,
    marginBottom: 60,
    x: { label: labels.x, tickRotate: -30 },
    y: { label: labels.y },
    color: { scheme: 'blues', domain: [0, 1] },
    marks: [
      plot.cell(cells, { x: 'column', y: 'row', fill: 'rowShare', inset: 0.5 }),
      plot.text(cells, { x: 'column', y: 'row', text: (c: ViewCellShare) => String(c.group), fill: (c: ViewCellShare) => (c.rowShare > 0.6 ? 'white' : 'black') }),
      plot.cell(
        cells.filter((c) => c.participant > 0),
        { x: 'column', y: 'row', stroke: PARTICIPANT, strokeWidth: 3, fill: 'none', inset: 2 },
      ),
    ],
  });
}

/** Word Links' score distribution per level: bins of `binWidth`, the participant's words as dots. */
export function drawScores(plot: PlotModule, width: number, cells: readonly ViewCellShare[], binWidth: number, labels: Labels) {
  const bars = cells.map((c) => ({ ...c, x1: Number(c.column), x2: Number(c.column) + binWidth }));
  return plot.plot({
    width,
    marginLeft: 44,
    x: { label: labels.x, domain: [0, 100] },
    y: { label: labels.y, grid: true, insetTop: 16 },
    fy: { axis: null, label: null },
    marks: [
      plot.rectY(bars, { x1: 'x1', x2: 'x2', y: 'group', fy: 'row', fill: GROUP, insetLeft: 0.5, insetRight: 0.5 }),
      plot.dot(bars.filter((b) => b.participant > 0), { x: (b: { x1: number }) => b.x1 + binWidth / 2, y: 'participant', fy: 'row', fill: PARTICIPANT, r: 4 }),
      plot.ruleY([0]),
      plot.text(bars, plot.selectFirst({ fy: 'row', text: 'row', frameAnchor: 'top-left', dx: 4, fontWeight: 'bold' })),
    ],
  });
}
