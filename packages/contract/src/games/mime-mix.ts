/** Mime Mix: the composite-face task with chimeric faces of six emotions (ADR 016). */
import { z } from 'zod';
import { defineGame } from './define-game';
import { displayTiming, precedingTiming } from './display-timing';

const emotion = z.enum(['happy', 'surprise', 'anger', 'fear', 'sad', 'disgust']);
const units = (half: string) => z.array(z.number().int().min(1)).describe(`The FACS action units of the ${half} half.`);

/** What every record of a face carries: the two halves, their action units and the cue. */
const face = {
  cuedHalf: z.enum(['top', 'bottom']).describe('The half the participant was asked to read.'),
  topEmotion: emotion.describe("The top half's emotion."),
  bottomEmotion: emotion.describe("The bottom half's emotion."),
  topUnits: units('top'),
  bottomUnits: units('bottom'),
  congruent: z.boolean().describe('Both halves show the same emotion.'),
  otherHalfEmotion: emotion.describe("The emotion of the half not cued (the cued one's on a congruent face)."),
};

export const MIME_MIX = defineGame({
  id: 'MimeMix',
  summary: 'Emotion recognition: name the emotion of the cued half of a chimeric face (12 practice faces, 84 faces).',
  steps: ['welcome', 'info', 'game', 'feedback'],
  settings: z.object({}),
  prompt: z.object({
    trial: z.number().int().min(0).describe("The face's position in its round, from 0."),
    ...face,
    ...precedingTiming('fixation', 'fixation (blank)'),
    ...precedingTiming('cue', 'cue'),
  }),
  response: z.object({
    ...face,
    otherHalfChosen: z.boolean().optional().describe('On an incongruent face: the answer named the other half’s emotion.'),
    timedOut: z.boolean().optional().describe('No answer within the time limit.'),
    // The displays before the face, and a face that timed out: how long it was really on screen.
    ...precedingTiming('fixation', 'fixation (blank)'),
    ...precedingTiming('cue', 'cue'),
    ...displayTiming('face'),
  }),
  start: z.object({
    practiceSeed: z.number().int().describe("The practice round's seed (every participant sees the same faces)."),
    mainSeed: z.number().int().describe("The main round's seed."),
    practiceTrials: z.number().int().min(0).describe('Faces in the practice round.'),
    mainTrials: z.number().int().min(0).describe('Faces in the main round.'),
    responseLimitMs: z.number().min(0).describe('How long a face waits for an answer (ms, before the time scale).'),
  }),
  end: z.object({ responses: z.number().int().min(0).describe('Scored answers given in the game.') }),
  rounds: {
    start: z.object({
      trials: z.number().int().min(0).describe('Faces in the round.'),
      feedback: z.boolean().describe('Correct!/Wrong! after each answer (the practice round only).'),
    }),
    end: z.object({ responses: z.number().int().min(0).describe('Faces answered (or timed out) in the round.') }),
  },
});
