import { account } from '@chi/contract';
import { runAction } from '../api/run-action';
import { endSession } from '../session/resume-session';

/** Ends the session on the server, then forgets the user here whatever the answer (the cookie may already be gone). */
export async function logout(): Promise<void> {
  await runAction(account.logout, {}, { handled: true, fresh: true, quietUnauthorized: true });
  endSession();
}
