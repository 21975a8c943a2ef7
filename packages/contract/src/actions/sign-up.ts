/**
 * The `signUp` modal's form (issue 15, SPEC §2), one for every target that takes sign-ups by
 * e-mail (a CCF session, a creative-visions event; ADR 034): the target's own id field plus
 * these. The server mails a personal session-key link and answers the same whatever the address.
 */
import { z } from 'zod';
import { emailSchema, requiredStringSchema } from '../validation';

export const SIGN_UP_CONSENT_MESSAGE = 'Please give your consent to take part.';

export const signUpFields = {
  firstName: requiredStringSchema().max(200),
  email: emailSchema(),
  consent: z.literal(true, { error: SIGN_UP_CONSENT_MESSAGE }),
  /** The origin the mailed link should open (a host under the public domain). */
  _redirectTo: z.string().trim().max(500),
};

export const signUpOutputSchema = z.object({ _status: z.literal('sent') });
