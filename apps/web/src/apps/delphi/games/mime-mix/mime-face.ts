/**
 * The parametric face (ADR 016): every feature's geometry is a function of the action units of
 * the half it sits in, so a chimeric face is the top half's features of one prototype over the
 * bottom half's features of another. The halves meet at the bridge of the nose (SPLIT_Y): no
 * top-half shape reaches below it and no bottom-half shape above it (tested). Pure: no React.
 */
import type { ActionUnit } from './mime-config';

export const VIEW_BOX = { width: 200, height: 250 } as const;
/** The bridge of the nose, just below the eyes: where the two halves meet. */
export const SPLIT_Y = 118;
const CX = 100;

/** 1 when the unit is shown (every prototype unit at full intensity), else 0. */
type Intensity = (unit: ActionUnit) => number;
function intensities(units: readonly ActionUnit[]): Intensity {
  const set = new Set(units);
  return (unit) => (set.has(unit) ? 1 : 0);
}

export interface Stroke {
  d: string;
  width: number;
  opacity: number;
}

export interface EyeShape {
  /** The eye opening (white), closed path. */
  outline: string;
  cx: number;
  cy: number;
  /** Upper lid line (drawn heavier) and lower lid line. */
  upperLid: string;
  lowerLid: string;
  lowerLidWidth: number;
}

export interface TopHalf {
  brows: [string, string];
  eyes: [EyeShape, EyeShape];
  /** Forehead wrinkles (AU1/AU2), brow furrows (AU4), crow's feet and cheek lines (AU6), lid bulges (AU7), nose-root wrinkles (AU9). */
  lines: Stroke[];
  /** Every y coordinate used, for the split test. */
  ys: number[];
}

export interface BottomHalf {
  nose: Stroke[];
  nostrils: { cx: number; cy: number }[];
  folds: Stroke[];
  upperLip: string;
  lowerLip: string;
  /** The open mouth (null when the lips meet). */
  opening: string | null;
  /** Teeth bands inside the opening. */
  teeth: { y: number; height: number }[];
  /** The lips' meeting line when closed. */
  mouthLine: string | null;
  chinY: number;
  /** The jaw's vertical radius (AU26 drops it). */
  jawRy: number;
  ys: number[];
}

const r = (n: number) => Math.round(n * 10) / 10;

/** A quadratic curve from a to b through `mid` at its middle (control = 2·mid − (a+b)/2). */
function through(ax: number, ay: number, midX: number, midY: number, bx: number, by: number): string {
  return `Q ${r(2 * midX - (ax + bx) / 2)} ${r(2 * midY - (ay + by) / 2)} ${r(bx)} ${r(by)}`;
}

export function topHalf(units: readonly ActionUnit[]): TopHalf {
  const a = intensities(units);
  const ys: number[] = [];
  const lines: Stroke[] = [];
  const line = (d: string, width: number, opacity: number, ...y: number[]) => {
    lines.push({ d, width, opacity });
    ys.push(...y);
  };
  // Forehead: AU1 wrinkles the middle, AU2 the whole width.
  if (a(1) || a(2)) {
    const half = a(2) ? 34 : 18;
    for (const y of [58, 66]) line(`M ${CX - half} ${y} Q ${CX} ${y - 4} ${CX + half} ${y}`, 1.2, 0.45, y - 4, y);
  }
  const brows = [-1, 1].map((side) => {
    const innerX = CX + side * (12 - 3 * a(4) - 2 * a(9));
    const outerX = CX + side * 48;
    const innerY = 82 - 13 * a(1) + 11 * a(4) + 7 * a(9);
    const outerY = 84 - 13 * a(2) + a(4) + 2 * a(6);
    // The arch: AU2 lifts the middle, AU4 and AU9 flatten the brow into a straight slope.
    const arch = 5 + 3 * a(2) + a(1) - 4 * a(4) - 2 * a(9);
    const midY = (innerY + outerY) / 2 - arch;
    ys.push(innerY, outerY, midY);
    return `M ${r(innerX)} ${r(innerY)} ${through(innerX, innerY, (innerX + outerX) / 2, midY, outerX, outerY)}`;
  }) as [string, string];
  // AU4: vertical furrows between the lowered brows.
  if (a(4)) for (const x of [96, 104]) line(`M ${x} 88 L ${x + (x < CX ? -1 : 1)} 98`, 1.3, 0.55, 88, 98);
  // AU9 above the line: horizontal wrinkles at the root of the nose.
  if (a(9)) for (const y of [106, 110, 114]) line(`M ${CX - 6} ${y} Q ${CX} ${y - 2} ${CX + 6} ${y}`, 1.2, 0.55, y - 2, y);
  const eyes = [-1, 1].map((side) => {
    const cx = CX + side * 30;
    const cy = 102;
    const w = 15;
    const up = 7.5 + 5 * a(5) - 2 * a(7) - 2 * a(6);
    const low = Math.max(1, 5 - 2.5 * a(6) - 2.5 * a(7) - 1.5 * a(9));
    ys.push(cy - up, cy + low);
    // AU6: crow's feet at the outer corner and the raised cheek under the eye.
    if (a(6)) {
      for (const k of [-1, 0, 1]) line(`M ${cx + side * (w + 3)} ${cy + k * 3} L ${cx + side * (w + 10)} ${cy + k * 6}`, 1, 0.5, cy + k * 3, cy + k * 6);
      line(`M ${cx - 12} ${cy + 14} Q ${cx} ${cy + 7} ${cx + 12} ${cy + 14}`, 1.2, 0.5, cy + 7, cy + 14);
    }
    // AU7 (and AU9's push from below): the tensed lower lid bulges.
    if (a(7) || a(9)) line(`M ${cx - 10} ${cy + low + 4} Q ${cx} ${cy + low + 1} ${cx + 10} ${cy + low + 4}`, 1, 0.45, cy + low + 1, cy + low + 4);
    const upperLid = `M ${cx - w} ${cy} Q ${cx} ${r(cy - 2 * up)} ${cx + w} ${cy}`;
    const lowerLid = `M ${cx - w} ${cy} Q ${cx} ${r(cy + 2 * low)} ${cx + w} ${cy}`;
    return {
      outline: `${upperLid} Q ${cx} ${r(cy + 2 * low)} ${cx - w} ${cy} Z`,
      cx,
      cy,
      upperLid,
      lowerLid,
      lowerLidWidth: 1.1 + 0.8 * Math.max(a(7), a(6)),
    };
  }) as [EyeShape, EyeShape];
  return { brows, eyes, lines, ys };
}

export function bottomHalf(units: readonly ActionUnit[]): BottomHalf {
  const a = intensities(units);
  const ys: number[] = [];
  const nose: Stroke[] = [];
  // The nose: AU9 wrinkles its sides, lifts the nostrils and flares the wings.
  const ny = 150 - 4 * a(9);
  const wing = 13 + 3 * a(9);
  nose.push({ d: `M ${CX - 5} ${SPLIT_Y + 2} Q ${CX - 8} ${r((SPLIT_Y + ny) / 2)} ${CX - wing + 3} ${r(ny - 7)}`, width: 1.2, opacity: 0.45 });
  for (const side of [-1, 1]) {
    nose.push({ d: `M ${CX + side * (wing - 3)} ${r(ny - 8)} Q ${CX + side * (wing + 3)} ${r(ny)} ${CX + side * 6} ${r(ny + 3)}`, width: 1.6, opacity: 0.8 });
  }
  nose.push({ d: `M ${CX - 6} ${r(ny + 3)} Q ${CX} ${r(ny + 6)} ${CX + 6} ${r(ny + 3)}`, width: 1.4, opacity: 0.7 });
  ys.push(SPLIT_Y + 2, ny - 8, ny + 6);
  if (a(9)) {
    for (const side of [-1, 1]) {
      for (const k of [0, 1]) {
        const y = 124 + k * 6;
        nose.push({ d: `M ${CX + side * 7} ${y} L ${CX + side * 13} ${y + 3}`, width: 1.1, opacity: 0.55 });
        ys.push(y, y + 3);
      }
    }
  }
  const nostrils = [-1, 1].map((side) => ({ cx: CX + side * 6, cy: r(ny + 1) }));

  // The mouth: AU12 pulls the corners up and out, AU15 down, AU20 stretches them sideways,
  // AU23 narrows and thins the lips, AU16 lowers the lower lip, AU26 drops the jaw, AU9 lifts the upper lip.
  const cornerX = 24 + 4 * a(12) + 9 * a(20) - 5 * a(23) - 4 * a(26);
  const cornerY = 186 - 10 * a(12) + 9 * a(15) + a(20);
  const upperInner = 185 - 3 * a(9);
  const lowerInner = 187 + 5 * a(12) + 7 * a(16) + 13 * a(26);
  const upperThick = 6 - 3.5 * a(23);
  const lowerThick = 7 - 4 * a(23);
  const L = CX - cornerX;
  const R = CX + cornerX;
  const curve = (midY: number) => through(L, cornerY, CX, midY, R, cornerY);
  const curveBack = (midY: number) => through(R, cornerY, CX, midY, L, cornerY);
  const start = `M ${r(L)} ${r(cornerY)}`;
  const open = lowerInner - upperInner > 4;
  const upperLip = `${start} ${curve(upperInner - upperThick)} ${curveBack(upperInner)} Z`;
  const lowerLip = `${start} ${curve(lowerInner)} ${curveBack(lowerInner + lowerThick)} Z`;
  const opening = open ? `${start} ${curve(upperInner)} ${curveBack(lowerInner)} Z` : null;
  const teeth: BottomHalf['teeth'] = [];
  if (open) {
    teeth.push({ y: upperInner - 1, height: 4.5 });
    if (a(16)) teeth.push({ y: lowerInner - 4, height: 4.5 });
  }
  const mouthLine = open ? null : `${start} ${curve((upperInner + lowerInner) / 2)}`;
  // Smile and sneer deepen the folds from the nose wings to the mouth corners.
  const foldOpacity = 0.2 + 0.45 * Math.max(a(12), a(9));
  const folds = [-1, 1].map((side) => ({
    d: `M ${CX + side * (wing + 1)} ${r(ny - 4)} Q ${CX + side * (cornerX + 12)} ${r((ny + cornerY) / 2)} ${r(CX + side * (cornerX + 5))} ${r(cornerY + 6)}`,
    width: 1.2,
    opacity: foldOpacity,
  }));
  const jawRy = 105 + 9 * a(26);
  const chinY = 216 + 9 * a(26);
  ys.push(cornerY, upperInner - upperThick, lowerInner + lowerThick, ny - 4, cornerY + 6, chinY);
  return { nose, nostrils, folds, upperLip, lowerLip, opening, teeth, mouthLine, chinY, jawRy, ys };
}
