/**
 * Session events (ADR 026): one INSERT … ON CONFLICT DO NOTHING on UNIQUE (suite_id, client_id),
 * so the outbox may resend freely. A session context gets the browser and OS parsed here, on the
 * server, from the request's User-Agent (ua-parser-js), never trusted from the page's own say.
 */
import type { delphi } from '@chi/contract';
import UAParser from 'ua-parser-js';
import type { z } from 'zod';
import { newId } from '../../../security/secrets';
import { inserted, requireGame, requireSuite, toJson } from '../delphi-db';
import type { Db } from '../delphi-db';

type Input = z.output<typeof delphi.logEvent.input>;

/** Browser, OS and device class of a user agent; empty strings where the parser knows nothing. */
export function parseUserAgent(userAgent: string): Record<string, string> {
  const result = new UAParser(userAgent).getResult();
  return {
    browser: result.browser.name ?? '',
    browserVersion: result.browser.version ?? '',
    os: result.os.name ?? '',
    osVersion: result.os.version ?? '',
    // ua-parser leaves desktops without a type.
    device: result.device.type ?? 'desktop',
  };
}

export async function logEvent(db: Db, input: Input, userAgent: string, now: Date): Promise<delphi.LogAck> {
  const suite = await requireSuite(db, input.participant, input.suite);
  // A game named must be this suite's; its name then comes from the game, not the page.
  const game = input.game === undefined ? null : await requireGame(db, suite.id, input.game);
  const detail = input.kind === 'sessionContext' && input.context ? { ...input.context, userAgent: userAgent.slice(0, 1000), ...parseUserAgent(userAgent) } : {};
  const id = newId();
  const result = await db
    .insertInto('delphi_events')
    .values({
      id,
      suite_id: suite.id,
      participant_id: suite.participantId,
      game_id: game?.id ?? null,
      game_name: game?.gameName ?? input.gameName ?? null,
      kind: input.kind,
      client_id: input._clientId,
      at: input.at,
      duration_ms: input.durationMs ?? null,
      step: input.kind === 'step' ? (input.step ?? null) : null,
      steps: input.kind === 'step' ? (input.steps ?? null) : null,
      step_name: input.kind === 'step' ? (input.stepName ?? null) : null,
      detail: toJson(detail),
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (inserted(result)) return { _id: id, duplicate: false };
  const row = await db.selectFrom('delphi_events').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirstOrThrow();
  return { _id: row.id, duplicate: true };
}
