/**
 * The emulated phone of the interaction bench (issue 23): a 390×844 touch screen, and, when
 * throttled, the slow-down Lighthouse's mobile preset assumes, applied by Chromium itself over
 * CDP: `Emulation.setCPUThrottlingRate` (4×, or the rate `cpu-calibration.ts` finds for this
 * host, ADR 076) and `Network.emulateNetworkConditions` with a 150 ms
 * round trip, 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's `mobileSlow4G` figures). Unlike
 * Lighthouse's default (simulated) mode these slow the real page, so a tap's time is measured,
 * not estimated. Device pixel ratio 1.75, as Lighthouse's Moto G Power.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export type Throttle = 'phone' | 'none';

export const PHONE_SCREEN = { width: 390, height: 844, deviceScaleFactor: 1.75 } as const;

/** Lighthouse's `throttling.mobileSlow4G` (constants.js): kbps are 1024 bits. */
export const PHONE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
} as const;

/** A fresh context: its own cache, cookies and storage, so its first load is a first visit. */
export function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: PHONE_SCREEN.width, height: PHONE_SCREEN.height },
    deviceScaleFactor: PHONE_SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
}

/**
 * A page of `context`, slowed down as the phone when `throttle` is 'phone' (set per page: CDP
 * throttles a target), its CPU by `cpuSlowdown` (Lighthouse's 4× unless calibrated).
 */
export async function newPhonePage(context: BrowserContext, throttle: Throttle, cpuSlowdown: number = PHONE_THROTTLING.cpuSlowdown): Promise<Page> {
  const page = await context.newPage();
  if (throttle === 'phone') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_THROTTLING.latencyMs,
      downloadThroughput: (PHONE_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE_THROTTLING.uploadKbps * 1024) / 8,
    });
  }
  return page;
}
