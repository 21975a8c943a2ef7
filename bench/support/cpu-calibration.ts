/**
 * The emulated phone's CPU, the same on any host (issue 23, ADR 076). CDP's
 * `Emulation.setCPUThrottlingRate` slows the page relative to the machine it runs on, so a fixed
 * 4× is a different phone on every machine: Lighthouse's 4× assumes a high-end desktop host
 * (its docs/throttling.md: BenchmarkIndex 1500–2000, "4x moves a typical run in the high-end
 * desktop bracket somewhere into the mid-tier mobile bracket"). Calibrated, the bench measures
 * the host with Lighthouse's own benchmark (`computeBenchmarkIndex`, the figure every Lighthouse
 * report calls "CPU/Memory Power") in a blank page, then looks for the rate under which the page
 * measures the phone Lighthouse's 4× means on the middle of that bracket (1750 / 4 ≈ 440), checking
 * the rate under throttling and correcting it, as DevTools' own CPU calibration does.
 */
import type { Browser } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The middle of Lighthouse's high-end desktop bracket (1500–2000) under its 4× slow-down. */
export const REFERENCE_PHONE_INDEX = Math.round(1750 / 4);

export interface CpuCalibration {
  /** The host's BenchmarkIndex, unthrottled (median of three). */
  hostIndex: number;
  /** The CPU slow-down that makes the page the reference phone. */
  rate: number;
  /** The BenchmarkIndex measured in the page under `rate`. */
  phoneIndex: number;
  /** What the calibration aimed at. */
  targetIndex: number;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Rates are kept to one decimal: CDP takes any rate ≥ 1. */
const roundRate = (rate: number) => Math.max(1, Math.round(rate * 10) / 10);

/**
 * The rate under which a page of `browser` measures `targetIndex` (within 10 %, at most three
 * corrections; each measure takes about a second of wall time whatever the rate).
 */
export async function calibrateCpuSlowdown(browser: Browser, targetIndex = REFERENCE_PHONE_INDEX): Promise<CpuCalibration> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const measure = async (rate: number, times: number): Promise<number> => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const indexes: number[] = [];
      for (let i = 0; i < times; i += 1) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      return median(indexes);
    };
    await measure(1, 1); // warms V8 up, as DevTools' calibration does
    const hostIndex = await measure(1, 3);
    let rate = roundRate(hostIndex / targetIndex);
    let phoneIndex = await measure(rate, 1);
    for (let correction = 0; correction < 3 && Math.abs(phoneIndex / targetIndex - 1) > 0.1 && (rate > 1 || phoneIndex > targetIndex); correction += 1) {
      rate = roundRate((rate * phoneIndex) / targetIndex);
      phoneIndex = await measure(rate, 1);
    }
    return { hostIndex: Math.round(hostIndex), rate, phoneIndex: Math.round(phoneIndex), targetIndex };
  } finally {
    await context.close();
  }
}
