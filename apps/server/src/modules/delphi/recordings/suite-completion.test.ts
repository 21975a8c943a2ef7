/** Issue 13 part 7: the suite is marked completed on the server when every required game has ended (Word Links optional). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';

describe.each(TEST_DIALECTS)('suite completion (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function play(who: { participant: string; suite: string }, gameName: delphi.GameName, reason: delphi.EndReason = 'completed') {
    const at = Date.now();
    const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
    await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: at + 10, reason, _clientId: cid() }, { id: game }));
  }

  it('marks the suite completed at the last required game, interrupted ones included, without Word Links', async () => {
    const suite = await initSuite(t, 'DONE-1');
    const who = { participant: 'DONE-1', suite: suite._id };
    const required = delphi.GAME_NAMES.filter((name) => !delphi.SUITE_OPTIONAL_GAMES.includes(name));
    expect(required).not.toContain('WordLinks');
    for (const [index, name] of required.entries()) {
      expect((await initSuite(t, 'DONE-1'))._completedAt).toBeUndefined();
      await play(who, name, index === 1 ? 'interrupted' : 'completed');
    }
    const done = await initSuite(t, 'DONE-1');
    expect(done._completedAt).toEqual(expect.any(String));
    // A later optional game changes nothing.
    await play(who, 'WordLinks');
    expect((await initSuite(t, 'DONE-1'))._completedAt).toBe(done._completedAt);
  });

  it('does not complete a suite whose required game was started but not ended', async () => {
    const suite = await initSuite(t, 'DONE-2');
    const who = { participant: 'DONE-2', suite: suite._id };
    const required = delphi.GAME_NAMES.filter((name) => !delphi.SUITE_OPTIONAL_GAMES.includes(name));
    for (const name of required.slice(0, -1)) await play(who, name);
    const at = Date.now();
    await ok(delphiCall(t, delphi.startGame, { ...who, gameName: required.at(-1), _startedAt: at, timestamp: at, _clientId: cid() }));
    expect((await initSuite(t, 'DONE-2'))._completedAt).toBeUndefined();
  });
});
