/**
 * Chromium's fake microphone playing a WAV we write, so the level is known (the built-in fake
 * beep is not reliable headless). Looping (no `%noloop`): the tone lasts as long as the test.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { visible } from './fixture';

const RATE = 48_000;

/** 16-bit mono PCM WAV of a 440 Hz sine whose RMS is `dbfs` (a sine's peak is 3 dB above its RMS). */
export function toneWav(seconds: number, dbfs: number): Buffer {
  const samples = RATE * seconds;
  const amplitude = Math.SQRT2 * 10 ** (dbfs / 20);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE) * 32767), 44 + i * 2);
  return wav;
}

export interface FakeMicrophone {
  /** Extra Chromium flags for `launchBrowser`. */
  readonly args: string[];
  dispose(): Promise<void>;
}

/** Writes a tone at `dbfs` (default -20 dBFS RMS: the meter's green zone) and answers the flags that play it. */
export async function fakeMicrophone(dbfs = -20): Promise<FakeMicrophone> {
  const folder = await mkdtemp(join(tmpdir(), 'chi-e2e-mic-'));
  const wav = join(folder, 'tone.wav');
  await writeFile(wav, toneWav(20, dbfs));
  return {
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Plays Morning Memo from the hub (the time scale makes the recordings short) up to its saved end. */
export async function playMorningMemo(surface: Page | Frame): Promise<void> {
  await surface.getByRole('link', { name: 'Play Morning Memo' }).click();
  await visible(surface.getByRole('heading', { name: 'Morning Memo', level: 1 }));
  await surface.getByRole('button', { name: 'Start' }).click();
  await surface.getByRole('button', { name: 'Allow the microphone' }).click();
  const next = surface.getByRole('button', { name: 'Continue' });
  await visible(surface.getByText('Your volume is just right.'));
  await next.and(surface.locator(':enabled')).waitFor({ timeout: 10_000 });
  await next.click();
  await surface.getByRole('button', { name: 'Record background noise' }).click();
  await visible(surface.getByText('Background noise recorded.'), 20_000);
  await next.click();
  await surface.getByRole('button', { name: 'Start recording' }).click();
  await visible(surface.getByText('Your memo is recorded.'), 30_000);
  await next.click();
  await surface.getByRole('button', { name: 'See examples' }).click();
  await surface.getByRole('button', { name: 'I am ready' }).click();
  const cell = surface.getByRole('button', { name: 'Pleasure 5 of 9, energy 5 of 9' });
  await cell.and(surface.locator(':enabled')).waitFor();
  await cell.click();
  // A press selects; the answer is sent by its own button (ADR 051).
  await surface.getByRole('button', { name: 'Submit my answer' }).click();
  await visible(surface.getByText('Thank you! Your recordings are saved.'), 60_000);
}
