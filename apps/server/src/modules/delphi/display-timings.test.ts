/**
 * Timed displays' planned and actual durations (issue 28 item 6, ADR 062): the server takes them
 * as the game logs them — a prompt's attributes (a Color Catch disc, with the blank before it) and
 * a response's (a Mime Mix face that timed out) — stores them as sent, and the export's
 * `attributes` column carries a response's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { parseCsv } from '../../test/csv';
import { cid, delphiCall, ok, startPlaying } from './delphi-kit';

const DISC = { plannedMs: 750, shownMs: 750.012, shownFrames: 45, droppedFrames: 0, frameIntervalMs: 16.667, blankPlannedMs: 250, blankShownMs: 249.98, blankDroppedFrames: 1 };
const FACE = { timedOut: true, plannedMs: 6000, shownMs: 6000.005, shownFrames: 360, droppedFrames: 2, frameIntervalMs: 16.667 };

describe.each(TEST_DIALECTS)('timed displays logged with their actual durations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'displays@example.org', password: 'admin password', appAdmin: true });
  });
  afterAll(() => t.close());

  it('stores a prompt’s display attributes as sent and exports a timed-out response’s', async () => {
    const p = await startPlaying(t, 'D-1', 'ColorCatch');
    const at = 1_700_000_000_000.25;
    const disc = { ...p.who, game: p.game, round: p.round, _clientId: cid(), prompt: 'blue r1c1', _promptedAt: at, attributes: { kind: 'flash', ...DISC } };
    await ok(delphiCall(t, delphi.logPrompt, disc));
    const stored = await t.database.db.selectFrom('delphi_prompts').select(['attributes', 'prompted_at']).where('client_id', '=', disc._clientId).executeTakeFirstOrThrow();
    expect(JSON.parse(String(stored.attributes))).toEqual({ kind: 'flash', ...DISC });
    expect(Number(stored.prompted_at)).toBe(at);

    const face = { ...p.who, game: p.game, round: p.round, _clientId: cid(), prompt: 'face-1', _promptedAt: at + 2000, attributes: { fixationPlannedMs: 300, fixationShownMs: 300.001, cuePlannedMs: 1000, cueShownMs: 999.99 } };
    await ok(delphiCall(t, delphi.logPrompt, face));
    await ok(
      delphiCall(t, delphi.logResponse, {
        ...p.who, game: p.game, round: p.round, prompt: face._clientId, _clientId: cid(),
        response: null, isCorrect: false, rtMs: null, _promptedAt: at + 2000, _respondedAt: at + 8000.005, attributes: FACE,
      }),
    );

    const admin = (await logIn(t, 'displays@example.org', 'admin password')).session;
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'csv' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const download = await t.app.inject({ method: 'GET', url: `/api/v1/actions/delphi/File/action/download/${file._id}`, headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    const [header, ...rows] = parseCsv(download.body);
    const row = Object.fromEntries((header ?? []).map((column, i) => [column, rows[0]?.[i]]));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(row.attributes ?? '{}')).toEqual(FACE);
    expect(row.rtMs).toBe('');
  });
});
