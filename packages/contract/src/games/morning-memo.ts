/** Morning Memo: a microphone test, two recordings and the affect grid (ADR 018, 051). */
import { z } from 'zod';
import { defineGame } from './define-game';
import { displayTiming } from './display-timing';

export const MORNING_MEMO = defineGame({
  id: 'MorningMemo',
  summary: 'Speech and mood: 10 s of background noise, up to 90 s about the morning routine, then pleasure and arousal on a 9 × 9 affect grid.',
  steps: ['welcome', 'test', 'background', 'talk', 'feel', 'feedback'],
  settings: z.object({}),
  prompt: z.object({
    size: z.number().int().min(1).describe('The affect grid has size × size cells.'),
  }),
  // One row kind per question: microphoneTest (passed, failed, continuedWithout), a recording, affectGrid.
  response: z.object({
    reason: z.string().optional().describe('microphoneTest failed or continuedWithout: why the microphone did not work (a DOMException name, FrameNotAllowed, …).'),
    levelDb: z.number().optional().describe('microphoneTest passed: the smoothed level when the participant went on (dBFS).'),
    thresholds: z.record(z.string(), z.number()).optional().describe("microphoneTest passed: the level meter's thresholds (dBFS and ms)."),
    recordingId: z.string().optional().describe('A recording: its id (the raw file in a Psych-DS bundle).'),
    durationMs: z.number().min(0).nullable().optional().describe("A recording: its duration by the browser's recorder (ms); null when the browser did not say."),
    bytes: z.number().int().min(0).optional().describe('A recording: its size in bytes.'),
    mimeType: z.string().optional().describe('A recording: its audio type as recorded.'),
    kind: z.enum(['background', 'talk']).optional().describe('A recording: background noise or the talk.'),
    pleasure: z.number().int().optional().describe('affectGrid: the pleasure of the chosen cell.'),
    arousal: z.number().int().optional().describe('affectGrid: the arousal of the chosen cell.'),
    changes: z.number().int().min(0).optional().describe('affectGrid: how often the choice was changed before submitting.'),
    submitMs: z.number().optional().describe('affectGrid: from the grid’s onset to the submit (ms).'),
    // A recording stopped by its timer: the timer as a timed display.
    ...displayTiming('recording timer'),
  }),
  start: z.object({
    version: z.number().int().min(1).describe('The version of the game played (1).'),
  }),
  end: z.object({
    pleasure: z.number().int().describe('The pleasure of the chosen affect-grid cell.'),
    arousal: z.number().int().describe('The arousal of the chosen affect-grid cell.'),
    microphone: z.enum(['none']).optional().describe('none: the participant went on without a microphone (no recordings).'),
  }),
  // Morning Memo logs no rounds.
  rounds: { start: z.object({}), end: z.object({}) },
});
