/**
 * A declared record's attributes are checked against its game's declaration (ADR 064): a
 * mistyped, missing or undeclared attribute is a 400 that names it, nothing is stored; a record
 * without the mark (an older version of the game, queued in an outbox) is stored as given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, countRows, delphiCall, ok, startPlaying } from './delphi-kit';

describe.each(TEST_DIALECTS)('delphi record attributes checked against the game declarations (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('stores a declared prompt and response whose attributes are as the game declares them', async () => {
    const p = await startPlaying(t, 'A-fit', 'ColorCatch');
    const prompt = cid();
    await ok(delphiCall(t, delphi.logPrompt, {
      ...p.who, game: p.game, round: 'L1', _clientId: prompt, prompt: 'blue r1c2', _promptedAt: 1_700_000_000_000, _declared: true,
      attributes: { kind: 'flash', trial: 0, flash: 0, color: 'blue', cell: 1, row: 1, column: 2 },
    }));
    await ok(delphiCall(t, delphi.logResponse, {
      ...p.who, game: p.game, round: 'L1', prompt, _clientId: cid(), response: null, isCorrect: false, rtMs: null, _respondedAt: 1_700_000_010_000, _declared: true,
      attributes: { level: 'L1', trial: 0, probe: 0, color: 'blue', targetCell: 1, clickedCell: null, errorType: 'timeout', earlierCells: [], otherLastCells: [5], colors: ['blue', 'red'] },
    }));
    const row = await t.database.db.selectFrom('delphi_responses').select('attributes').where('suite_id', '=', p.suite).executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toMatchObject({ errorType: 'timeout', clickedCell: null, colors: ['blue', 'red'] });
  });

  it('answers 400 naming the attribute for a mistyped, missing or undeclared one, and stores nothing', async () => {
    const p = await startPlaying(t, 'A-misfit', 'FlashMatch');
    const before = { prompts: await countRows(t, 'delphi_prompts'), responses: await countRows(t, 'delphi_responses') };
    const prompt = (attributes: Record<string, unknown>) =>
      delphiCall(t, delphi.logPrompt, { ...p.who, game: p.game, round: 'SZ_1', _clientId: cid(), prompt: '123', _promptedAt: 1_700_000_000_000, _declared: true, attributes });
    const cases: [Record<string, unknown>, string][] = [
      [{ trial: 'first', task: 'search' }, 'attributes.trial: Invalid input: expected number, received string (as FlashMatch declares its prompts)'],
      [{ trial: 0 }, 'attributes.task: Invalid option: expected one of "search"|"comparison" (as FlashMatch declares its prompts)'],
      [{ trail: 0, trial: 0, task: 'search' }, 'attributes.trail: not declared (as FlashMatch declares its prompts)'],
    ];
    for (const [attributes, message] of cases) {
      const response = await prompt(attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(response.json<{ Error: { message: string } }>().Error.message).toBe(message);
    }
    // Flash Match declares no response attributes.
    const response = await delphiCall(t, delphi.logResponse, {
      ...p.who, game: p.game, round: 'SZ_1', _clientId: cid(), response: 'ArrowLeft', _respondedAt: 1_700_000_000_500, _declared: true, attributes: { trial: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Error: { message: string } }>().Error.message).toBe('attributes.trial: not declared (as FlashMatch declares its responses)');
    expect({ prompts: await countRows(t, 'delphi_prompts'), responses: await countRows(t, 'delphi_responses') }).toEqual(before);
  });

  it('stores a record without the mark as given: an older version of the game queued it before declarations', async () => {
    const p = await startPlaying(t, 'A-legacy', 'FlashMatch');
    await ok(delphiCall(t, delphi.logPrompt, {
      ...p.who, game: p.game, round: 'SZ_1', _clientId: cid(), prompt: '123', _promptedAt: 1_700_000_000_000, attributes: { trial: 'first', removedLater: true },
    }));
    const row = await t.database.db.selectFrom('delphi_prompts').select('attributes').where('suite_id', '=', p.suite).executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toEqual({ trial: 'first', removedLater: true });
  });

  it('acknowledges the retry of a stored record, whatever its attributes', async () => {
    const p = await startPlaying(t, 'A-retry', 'FlashMatch');
    const record = { ...p.who, game: p.game, round: 'SZ_1', _clientId: cid(), prompt: '123', _promptedAt: 1_700_000_000_000, attributes: { extra: 1 } };
    const first = await ok<delphi.LogAck>(delphiCall(t, delphi.logPrompt, record));
    // The same record sent again, now marked (a client updated between two sends): still the duplicate it is.
    expect(await ok(delphiCall(t, delphi.logPrompt, { ...record, _declared: true }))).toEqual({ _id: first._id, duplicate: true });
  });

  it('refuses a _declared that is not true', async () => {
    const p = await startPlaying(t, 'A-flag', 'FlashMatch');
    const response = await delphiCall(t, delphi.logPrompt, {
      ...p.who, game: p.game, round: 'SZ_1', _clientId: cid(), prompt: '123', _promptedAt: 1_700_000_000_000, _declared: 'yes', attributes: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Error: { message: string } }>().Error.message).toContain('_declared');
  });
});
