/**
 * What the study page knows of its device (issue 26, ADR 073): sent with ENTER_STUDY, where the
 * server checks it against the study's needs (`delphi.deviceProblems`) before any suite is made,
 * so a participant whose device cannot take part is told why and nothing of theirs is recorded.
 * Nothing here asks for a permission: the microphone is looked for, not opened (the game that
 * records asks at its own start, after the consent).
 */
import type { delphi } from '@chi/contract';

export type DeviceProblem = delphi.DeviceProblem;
export type DeviceFacts = delphi.DeviceFacts;

const PHONE_SHORT_SIDE_PX = 600;

function media(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** The facts of this browser: media queries, the screen, and the list of audio inputs (no permission prompt). */
export async function readDeviceFacts(): Promise<DeviceFacts> {
  const touchOnly = media('(pointer: coarse)') && !media('(any-pointer: fine)');
  const shortSide = Math.min(window.screen?.width ?? Infinity, window.screen?.height ?? Infinity);
  const devices = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  let microphone = typeof devices?.getUserMedia === 'function';
  if (microphone && typeof devices?.enumerateDevices === 'function') {
    // Before any permission the list still names each kind present (labels empty); an empty list says nothing.
    const list = await devices.enumerateDevices().catch(() => []);
    if (list.length > 0) microphone = list.some((device) => device.kind === 'audioinput');
  }
  return { touchOnly, phone: touchOnly && shortSide < PHONE_SHORT_SIDE_PX, microphone };
}
