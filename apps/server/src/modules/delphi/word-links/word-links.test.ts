import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { delphi, wordLinks } from '@chi/contract';
import { call, createUser, logIn } from '../../../test/account-kit';
import { delphiCall, initSuite, ok } from '../delphi-kit';
import { createTestApp, TEST_DIALECTS } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { loadLexicon } from './lexicon';

const host = { host: 'delphi.chi.localhost' };

// On a fresh clone the first load converts the vectors (once per machine, ADR 017).
beforeAll(() => loadLexicon(), 300_000);

describe.each(TEST_DIALECTS)('Word Links calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers the distance ×100 of two nouns, lemmatising plurals, with level defaulting to 1', async () => {
    const res = await call(t, wordLinks.gloveSemanticDistance, { word1: 'Tea', word2: ' coffees ' }, host);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { word1: string; word2: string; level: number; distance: number };
    expect(body).toMatchObject({ word1: 'tea', word2: 'coffee', level: 1 });
    expect(body.distance).toBeGreaterThan(20);
    expect(body.distance).toBeLessThan(26);
    const same = (await call(t, wordLinks.gloveSemanticDistance, { word1: 'train', word2: 'trains', level: 2 }, host)).json() as { distance: number; level: number };
    expect(same).toMatchObject({ distance: 0, level: 2 });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const missing = await call(t, wordLinks.gloveSemanticDistance, { word1: 'tea' }, host);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Error.message).toContain('word2');
    const badLevel = await call(t, wordLinks.gloveSemanticDistance, { word1: 'tea', word2: 'cup', level: 3 }, host);
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().Error.message).toContain('level');
    const notString = await call(t, wordLinks.gloveSemanticDistance, { word1: 7, word2: 'cup' }, host);
    expect(notString.statusCode).toBe(400);
    expect(notString.json().Error.message).toContain('word1');
  });

  it('refuses a word without a vector with a 400 naming the word', async () => {
    const res = await call(t, wordLinks.gloveSemanticDistance, { word1: 'tea', word2: 'qwzxv' }, host);
    expect(res.statusCode).toBe(400);
    expect(res.json().Error.message).toContain("word2: 'qwzxv'");
    const proper = await call(t, wordLinks.gloveSemanticDistances, { words: ['tea', 'cup', 'Paris'] }, host);
    expect(proper.statusCode).toBe(400);
    expect(proper.json().Error.message).toContain("words[2]: 'Paris'");
  });

  it('answers a symmetric matrix for a round in one call', async () => {
    const res = await call(t, wordLinks.gloveSemanticDistances, { words: ['train', 'volcano', 'algebra', 'spoon'] }, host);
    expect(res.statusCode).toBe(200);
    const { matrix, words } = res.json() as { matrix: number[][]; words: string[] };
    expect(words).toEqual(['train', 'volcano', 'algebra', 'spoon']);
    expect(matrix).toHaveLength(4);
    matrix.forEach((row, i) => {
      expect(row[i]).toBe(0);
      row.forEach((value, j) => expect(value).toBe(matrix[j]?.[i]));
    });
    const single = (await call(t, wordLinks.gloveSemanticDistance, { word1: 'train', word2: 'spoon' }, host)).json() as { distance: number };
    expect(matrix[0]?.[3]).toBe(single.distance);
    const tooMany = await call(t, wordLinks.gloveSemanticDistances, { words: Array.from({ length: 13 }, () => 'tea') }, host);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().Error.message).toContain('words');
  });

  it('checks typed words with the SPEC §5 messages', async () => {
    const check = async (word: string, previous: string[] = []) =>
      (await call(t, wordLinks.checkWord, { word, startWord: 'Train', previous }, host)).json() as { accepted: boolean; message?: string; lemma?: string };
    const volcano = (await call(t, wordLinks.checkWord, { word: '  volcano ', startWord: 'Train', previous: ['spoons', 'algebra'] }, host)).json() as { distances: number[] };
    expect(volcano).toMatchObject({ accepted: true, lemma: 'volcano' });
    const row = (await call(t, wordLinks.gloveSemanticDistances, { words: ['volcano', 'train', 'spoon', 'algebra'] }, host)).json() as { matrix: number[][] };
    expect(volcano.distances).toEqual(row.matrix[0]?.slice(1));
    expect((await check('Paris')).message).toBe(wordLinks.WORD_LINKS_MESSAGES.repeatOrProper);
    expect((await check('volcanoes', ['volcano'])).message).toBe(wordLinks.WORD_LINKS_MESSAGES.repeatOrProper);
    expect((await check('quickly')).message).toBe(wordLinks.WORD_LINKS_MESSAGES.invalid);
    expect((await check('two words')).message).toBe(wordLinks.WORD_LINKS_MESSAGES.invalid);
    expect((await check('trains')).message).toBe(wordLinks.WORD_LINKS_MESSAGES.tooSimilar);
    const empty = await call(t, wordLinks.checkWord, { startWord: 'Train' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Error.message).toContain('word');
  });

  it('lists each participant\'s play for researchers only, with round scores and rounded averages', async () => {
    await createUser(t, { email: 'wl-admin@example.org', password: 'admin password', appAdmin: true });
    await createUser(t, { email: 'wl-plain@example.org', password: 'plain password' });
    const admin = (await logIn(t, 'wl-admin@example.org', 'admin password')).session;
    const plain = (await logIn(t, 'wl-plain@example.org', 'plain password')).session;
    const play = async (participant: string, attributes: Record<string, unknown>, rounds: [string, Record<string, unknown>][]) => {
      const who = { participant, suite: (await initSuite(t, participant))._id };
      const at = Date.now();
      const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName: 'WordLinks', _startedAt: at, timestamp: at, attributes, _clientId: randomUUID() })))._id;
      for (const [i, [round, end]] of rounds.entries()) {
        await ok(delphiCall(t, delphi.startRound, { ...who, game, round, _clientId: randomUUID(), timestamp: at + i * 10 }));
        await ok(delphiCall(t, delphi.endRound, { ...who, game, round, _clientId: randomUUID(), timestamp: at + i * 10 + 5, attributes: end }));
      }
      await ok(delphiCall(t, delphi.endGame, { ...who, _clientId: randomUUID(), timestamp: at + 100, attributes }, { id: game }));
    };
    await play('WL-A', { levels: 2 }, [
      ['L1_P', { level: 1, practice: true, startWord: 'Bench', words: ['volcano'], roundScore: 10 }],
      ['L1_1', { level: 1, practice: false, startWord: 'Train', words: ['spoon'], roundScore: 70.4, datScore: 80 }],
      ['L1_2', { level: 1, practice: false, startWord: 'Steam', words: ['tundra'], roundScore: 71 }],
      ['L2_1', { level: 2, practice: false, startWord: 'Belt', words: ['buckle'], averageScore: 64 }],
    ]);
    await play('WL-B', { skipped: true }, []);

    // Outside the study's team: no such study (ADR 074).
    expect((await call(t, wordLinks.listPlays, {}, { ...host, session: plain })).statusCode).toBe(404);
    const res = await call(t, wordLinks.listPlays, {}, { ...host, session: admin });
    expect(res.statusCode).toBe(200);
    const { plays } = res.json() as { plays: wordLinks.WordLinksPlay[] };
    const a = plays.find((p) => p.participantId === 'WL-A');
    expect(a).toMatchObject({ status: 'completed', level1Average: 71, level2Average: 64, globalScore: 68 });
    expect(a?.rounds.map((r) => [r.round, r.score, r.datScore])).toEqual([
      ['L1_P', 10, null],
      ['L1_1', 70.4, 80],
      ['L1_2', 71, null],
      ['L2_1', 64, null],
    ]);
    expect(plays.find((p) => p.participantId === 'WL-B')).toMatchObject({ status: 'skipped', globalScore: null, rounds: [] });
  });
});
