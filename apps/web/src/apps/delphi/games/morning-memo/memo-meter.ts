/**
 * The microphone meter's maths (ADR 018): level as RMS in dBFS of the time-domain samples
 * (`AnalyserNode.getFloatTimeDomainData`, full scale = 1.0), smoothed in the power domain with
 * a time constant, and the peak of each frame. Thresholds are a measured starting point:
 * green -30 to -12 dBFS; too low below -40; too loud when a peak reaches -1 dBFS; a mic problem
 * when the level stays below -80 dBFS for 3 s (or the request fails, or the track ends).
 */
export const METER = {
  greenMinDb: -30,
  greenMaxDb: -12,
  tooLowDb: -40,
  clipPeakDb: -1,
  silentDb: -80,
  /** Below `silentDb` this long means no signal at all: a muted or broken microphone. */
  silentForMs: 3000,
  /** The level must sit in the green zone this long before the participant may go on. */
  holdGreenMs: 1500,
  /** Smoothing time constant of the shown level. */
  smoothingMs: 300,
  /** The meter's scale: -60 dBFS (empty) to 0 dBFS (full). */
  floorDb: -60,
} as const;

/** The smallest level we report: digital silence has no finite dB. */
const MIN_DB = -160;

export function toDb(amplitude: number): number {
  return amplitude > 0 ? Math.max(MIN_DB, 20 * Math.log10(amplitude)) : MIN_DB;
}

/** Root mean square of the samples, in dBFS (a full-scale sine is -3.01 dBFS). */
export function rmsDbfs(samples: ArrayLike<number>): number {
  if (samples.length === 0) return MIN_DB;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i] ?? 0;
    sum += s * s;
  }
  return toDb(Math.sqrt(sum / samples.length));
}

export function peakDbfs(samples: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i += 1) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
  return toDb(peak);
}

/** Exponential smoothing of power (not of dB: averaging logarithms underestimates loud moments). */
export function smoothDb(previousDb: number, currentDb: number, dtMs: number, tauMs: number = METER.smoothingMs): number {
  const alpha = 1 - Math.exp(-Math.max(0, dtMs) / tauMs);
  const previous = 10 ** (previousDb / 10);
  const current = 10 ** (currentDb / 10);
  return toDb(Math.sqrt(previous + alpha * (current - previous)));
}

export type LevelZone = 'low' | 'near' | 'green' | 'loud' | 'problem';

export interface MeterState {
  readonly levelDb: number;
  readonly zone: LevelZone;
  /** When the current run of green started (ms, the caller's clock), or null. */
  readonly greenSince: number | null;
  /** When the current run of silence started, or null. */
  readonly silentSince: number | null;
  /** Once true stays true: the level sat in the green zone long enough. */
  readonly passed: boolean;
}

export const INITIAL_METER: MeterState = { levelDb: MIN_DB, zone: 'low', greenSince: null, silentSince: null, passed: false };

export function zoneOf(levelDb: number, peakDb: number): Exclude<LevelZone, 'problem'> {
  if (peakDb >= METER.clipPeakDb || levelDb > METER.greenMaxDb) return 'loud';
  if (levelDb < METER.tooLowDb) return 'low';
  if (levelDb < METER.greenMinDb) return 'near';
  return 'green';
}

/** One analyser frame: the raw frame's RMS and peak, at time `now` (ms). */
export function nextMeterState(state: MeterState, frame: { rmsDb: number; peakDb: number }, now: number, dtMs: number, holdMs: number = METER.holdGreenMs): MeterState {
  const levelDb = state.levelDb <= MIN_DB ? frame.rmsDb : smoothDb(state.levelDb, frame.rmsDb, dtMs);
  const silentSince = frame.rmsDb < METER.silentDb ? (state.silentSince ?? now) : null;
  const silentTooLong = silentSince !== null && now - silentSince >= METER.silentForMs;
  const zone: LevelZone = silentTooLong ? 'problem' : zoneOf(levelDb, frame.peakDb);
  const greenSince = zone === 'green' ? (state.greenSince ?? now) : null;
  const passed = state.passed || (greenSince !== null && now - greenSince >= holdMs);
  return { levelDb, zone, greenSince, silentSince, passed };
}

/** Where a level sits on the meter's bar, 0–100. */
export function meterPercent(levelDb: number): number {
  return Math.round(Math.min(1, Math.max(0, (levelDb - METER.floorDb) / -METER.floorDb)) * 100);
}
