/**
 * A study's device requirements (issue 26, ADR 073), checked on the study page before the consent:
 * a participant whose device cannot take part is told why before anything of theirs is recorded
 * beyond the entry. Nothing here asks for a permission: the microphone is looked for, not opened
 * (the game that records asks at its own start, after the consent).
 */
import type { delphi } from '@chi/contract';

export type DeviceProblem = 'phone' | 'keyboard' | 'microphone';

/** What the page can learn of the device without asking the participant anything. */
export interface DeviceFacts {
  /** The primary pointer is a finger and no mouse or trackpad is attached. */
  touchOnly: boolean;
  /** A touch-only device with a small screen (shorter side under 600 CSS px). */
  phone: boolean;
  /** The browser can record sound and (where it says so without a prompt) has an audio input. */
  microphone: boolean;
}

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

/** The requirements this device does not meet, in the order the page explains them. */
export function deviceProblems(needs: delphi.ParticipantStudy['devices'], facts: DeviceFacts): DeviceProblem[] {
  const problems: DeviceProblem[] = [];
  if (!needs.phoneAllowed && facts.phone) problems.push('phone');
  if (needs.keyboardNeeded && facts.touchOnly) problems.push('keyboard');
  if (needs.microphoneNeeded && !facts.microphone) problems.push('microphone');
  return problems;
}
