/**
 * Issue 24: a participant's suite is bound to the browser that started it (a suite key in a
 * cookie, ADR 043). When a participant must go on on another device, a researcher releases the
 * suite on /Data: the next browser to open the participant's link takes it over. Every release
 * is kept with who and when.
 */
import { z } from 'zod';
import { defineAction } from '../api';
import { recordIdSchema } from './delphi-schemas';

export const suiteReleaseSchema = z.object({
  suiteId: z.string(),
  participantId: z.string(),
  /** The researcher's name (kept after their account is deleted). */
  by: z.string(),
  at: z.string(),
});
export type SuiteRelease = z.infer<typeof suiteReleaseSchema>;

/** RELEASE_SUITE: unbinds a suite from its browser; the next browser that opens the participant's link gets it. */
export const releaseSuite = defineAction({
  app: 'delphi', dataType: 'Participant', name: 'RELEASE_SUITE', endpoint: 'release',
  summary: "Release a participant's suite from the browser it is bound to, so another device may open it (manage+ in the suite's study; manageApp, devOp); logged.",
  input: z.object({ suite: recordIdSchema }),
  output: z.object({ release: suiteReleaseSchema }),
  access: 'read',
});

export const DELPHI_RELEASE_DESCRIPTORS = [releaseSuite] as const;
