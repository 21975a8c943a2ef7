/** Test helpers: a participant uploads a whole Morning Memo recording through the contract's calls. */
import { createHash, randomBytes } from 'node:crypto';
import { delphi, recordings } from '@chi/contract';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, ok } from '../delphi-kit';

const WEBM_HEAD = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
export const sha256Hex = (bytes: Buffer | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Fake WebM audio: real header bytes, then noise. */
export function fakeWebm(total: number): Buffer {
  return Buffer.concat([WEBM_HEAD, randomBytes(total - WEBM_HEAD.length)]);
}

/**
 * The suite's Morning Memo that recordings name (its startGame `_clientId`): the one already
 * started, else started now with `gameRef` (default `memo-game`).
 */
export async function startMemo(t: TestApp, who: { participant: string; suite: string }, gameRef?: string): Promise<string> {
  const existing = await t.database.db
    .selectFrom('delphi_games').select('client_id').where('suite_id', '=', who.suite).where('game_name', '=', 'MorningMemo').executeTakeFirst();
  if (existing) return gameRef ?? existing.client_id;
  const at = Date.now();
  const ref = gameRef ?? 'memo-game';
  await ok(delphiCall(t, delphi.startGame, { ...who, gameName: 'MorningMemo', _startedAt: at, timestamp: at, _clientId: ref }));
  return ref;
}

/** Uploads `whole` in parts of `partSize` bytes and completes it; answers the complete recording. */
export async function uploadRecording(
  t: TestApp,
  who: { participant: string; suite: string },
  whole: Buffer,
  options: { kind?: recordings.RecordingKind; partSize?: number; complete?: boolean; gameRef?: string } = {},
): Promise<{ id: string; parts: number; recording?: recordings.Recording }> {
  const id = cid();
  // A recording needs the suite's started Morning Memo (its startGame `_clientId` is the gameRef).
  const gameRef = await startMemo(t, who, options.gameRef);
  const partSize = options.partSize ?? 64 * 1024;
  let parts = 0;
  for (let offset = 0; offset < whole.length; offset += partSize, parts++) {
    const data = whole.subarray(offset, offset + partSize);
    await ok(
      delphiCall(t, recordings.uploadPart, {
        ...who, recording: id, gameRef, kind: options.kind ?? 'talk', mimeType: 'audio/webm;codecs=opus',
        part: parts, offset, data: data.toString('base64'), sha256: sha256Hex(data),
      }),
    );
  }
  if (options.complete === false) return { id, parts };
  const { recording } = await ok<{ recording: recordings.Recording }>(
    delphiCall(t, recordings.completeRecording, { ...who, recording: id, parts, bytes: whole.length, sha256: sha256Hex(whole), durationMs: 9000 }),
  );
  return { id, parts, recording };
}
