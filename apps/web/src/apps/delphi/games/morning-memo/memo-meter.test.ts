import { describe, expect, it } from 'vitest';
import { INITIAL_METER, METER, meterPercent, nextMeterState, peakDbfs, rmsDbfs, smoothDb, toDb, zoneOf, type MeterState } from './memo-meter';

const sine = (amplitude: number, n = 4800) => Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 48_000));

describe('the meter in dBFS', () => {
  it('measures RMS and peak against full scale 1.0', () => {
    expect(rmsDbfs(sine(1))).toBeCloseTo(-3.0103, 2);
    expect(peakDbfs(sine(1))).toBeCloseTo(0, 2);
    // A sine whose RMS is -20 dBFS: what the e2e's fake microphone plays.
    expect(rmsDbfs(sine(Math.SQRT2 * 0.1))).toBeCloseTo(-20, 2);
    expect(rmsDbfs(new Float32Array(128).fill(0.5))).toBeCloseTo(-6.0206, 3);
    expect(rmsDbfs(new Float32Array(128))).toBe(-160);
    expect(toDb(0)).toBe(-160);
  });

  it('smooths in the power domain with the time constant', () => {
    expect(smoothDb(-40, -40, 50)).toBeCloseTo(-40, 6);
    // After one time constant, 63.2 % of the way in power.
    const after = smoothDb(-60, -20, METER.smoothingMs);
    const expected = 10 * Math.log10(1e-6 + (1 - Math.exp(-1)) * (1e-2 - 1e-6));
    expect(after).toBeCloseTo(expected, 6);
    expect(smoothDb(-60, -20, 0)).toBeCloseTo(-60, 6);
  });

  it('puts levels in zones at the documented thresholds', () => {
    expect(zoneOf(-45, -40)).toBe('low');
    expect(zoneOf(-40, -35)).toBe('near');
    expect(zoneOf(-30.01, -25)).toBe('near');
    expect(zoneOf(-30, -25)).toBe('green');
    expect(zoneOf(-12, -8)).toBe('green');
    expect(zoneOf(-11.9, -8)).toBe('loud');
    // A peak at -1 dBFS is too loud even when the average is in the green zone.
    expect(zoneOf(-20, -1)).toBe('loud');
    expect(zoneOf(-20, -1.01)).toBe('green');
  });

  it('passes only after the level sat in the green zone for the hold time, and stays passed', () => {
    const green = { rmsDb: -20, peakDb: -17 };
    let state: MeterState = INITIAL_METER;
    state = nextMeterState(state, green, 1000, 50, 1500);
    expect(state).toMatchObject({ zone: 'green', greenSince: 1000, passed: false });
    state = nextMeterState(state, green, 2499, 50, 1500);
    expect(state.passed).toBe(false);
    // Leaving the zone restarts the hold.
    const reset = nextMeterState(state, { rmsDb: -50, peakDb: -45 }, 2400, 1000, 1500);
    expect(reset.greenSince).toBeNull();
    state = nextMeterState(state, green, 2500, 50, 1500);
    expect(state.passed).toBe(true);
    state = nextMeterState(state, { rmsDb: -70, peakDb: -65 }, 5000, 2500, 1500);
    expect(state).toMatchObject({ zone: 'low', passed: true });
  });

  it('reports a mic problem when the level stays below -80 dBFS for 3 s, not before', () => {
    const silent = { rmsDb: -120, peakDb: -110 };
    let state = nextMeterState(INITIAL_METER, silent, 0, 50);
    state = nextMeterState(state, silent, 2999, 50);
    expect(state.zone).toBe('low');
    state = nextMeterState(state, silent, 3000, 50);
    expect(state.zone).toBe('problem');
    state = nextMeterState(state, { rmsDb: -25, peakDb: -20 }, 3050, 50);
    expect(state.zone).not.toBe('problem');
  });

  it('maps levels to the bar from -60 to 0 dBFS', () => {
    expect(meterPercent(-60)).toBe(0);
    expect(meterPercent(-90)).toBe(0);
    expect(meterPercent(-30)).toBe(50);
    expect(meterPercent(-12)).toBe(80);
    expect(meterPercent(3)).toBe(100);
  });
});
