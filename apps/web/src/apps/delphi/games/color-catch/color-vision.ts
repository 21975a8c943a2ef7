/**
 * Colour-vision check of the palette (ADR 015): Machado, Oliveira & Fernandes (2009)
 * simulation of deuteranopia (severity 1.0) on linear sRGB, then CIELAB ΔE*ab (CIE 1976)
 * between the simulated colours. Used by the unit test, not at run time.
 */
type Rgb = [number, number, number];

const DEUTERANOPIA: readonly Rgb[] = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

export function hexToLinear(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [toLinear(((n >> 16) & 255) / 255), toLinear(((n >> 8) & 255) / 255), toLinear((n & 255) / 255)];
}

export function deuteranopia(rgb: Rgb): Rgb {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return DEUTERANOPIA.map((row) => clamp(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])) as Rgb;
}

/** CIELAB (D65) of a linear sRGB colour. */
export function toLab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

export function deltaE(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The smallest ΔE between any two colours of the palette as a deuteranope sees them. */
export function minDeuteranopeDeltaE(hexes: readonly string[]): number {
  const labs = hexes.map((hex) => toLab(deuteranopia(hexToLinear(hex))));
  let min = Infinity;
  for (let i = 0; i < labs.length; i++) for (let j = i + 1; j < labs.length; j++) min = Math.min(min, deltaE(labs[i] as Rgb, labs[j] as Rgb));
  return min;
}
