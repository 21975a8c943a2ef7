/**
 * Issue 17 (parts 4 and 6): a researcher sees why a participant is flagged, excludes them with
 * a reason, finds the decision in the log and in the export, and downloads a Psych-DS bundle
 * that passes the spec's rules.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { delphi } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { checkPsychDs } from '../apps/server/src/test/psych-ds-rules';
import { callApi, sessionCookie } from './support/api-client';
import { seriousViolations } from './support/axe';
import { exportCsv, openDataAsResearcher } from './support/delphi-play';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

/** `cookie`: the participant's suite key (ADR 043), as their browser would send it. */
async function call<T>(descriptor: ApiDescriptor, input: unknown, id?: string, cookie?: string): Promise<T> {
  const answer = await callApi(fx.server.port, descriptor, input, { ...(id ? { id } : {}), ...(cookie ? { cookie } : {}) });
  if (answer.status !== 200) throw new Error(`${descriptor.name}: ${answer.status} ${answer.body}`);
  return answer.json<T>();
}

/** A participant who answers 24 Flash Match items: `careful` alternates, mostly right; otherwise one key, fast, at chance. */
async function play(participant: string, careful: boolean): Promise<void> {
  const init = await callApi(fx.server.port, delphi.initLocalSuite, { _participantId: participant });
  const suite = init.json<{ suite: delphi.Suite }>().suite._id;
  const key = sessionCookie(init);
  const who = { participant, suite };
  const at = Date.now() - 60_000;
  const game = (await call<delphi.LogAck>(delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: at, timestamp: at, _clientId: randomUUID() }, undefined, key))._id;
  await call(delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: randomUUID(), timestamp: at + 1 }, undefined, key);
  for (let i = 0; i < 24; i++) {
    const prompt = randomUUID();
    const shownAt = at + 1000 * (i + 1);
    await call(delphi.logPrompt, { ...who, game, round: 'SZ_1', _clientId: prompt, prompt: String(100000 + i), _promptedAt: shownAt }, undefined, key);
    const rtMs = careful ? 480 + i : i % 2 ? 90 : 320;
    await call(delphi.logResponse, {
      ...who, game, round: 'SZ_1', prompt, _clientId: randomUUID(), _respondedAt: shownAt + rtMs, rtMs,
      response: careful ? (i % 2 ? 'ArrowLeft' : 'ArrowRight') : 'ArrowRight',
      isCorrect: careful ? i % 6 !== 0 : i % 2 === 0,
      modality: 'key',
    }, undefined, key);
  }
  await call(delphi.endGame, { ...who, _clientId: randomUUID(), timestamp: at + 30_000, reason: 'completed' }, game, key);
}

describe('a researcher reviews quality flags, excludes with a reason and downloads the Psych-DS bundle', () => {
  it('explains the flags, records the exclusion, and exports both', async () => {
    await play('careful-1', true);
    await play('sloppy-1', false);
    const { page } = await fx.page();
    await openDataAsResearcher(page, (path) => fx.server.url('delphi', path), ADMIN);
    await visible(page.getByRole('heading', { name: 'Study data' }));

    const sloppy = page.getByRole('row', { name: /sloppy-1/ });
    await visible(sloppy.getByText('Flash Match: 12 of 24 responses (50 %) faster than 150 ms'));
    await visible(sloppy.getByText(/24 identical responses in a row \(“ArrowRight”\)/));
    await visible(sloppy.getByText(/accuracy 50 % \(12 of 24\) is at or below chance \(50 %\)/));
    await visible(page.getByRole('row', { name: /careful-1/ }).getByText('None'));

    await sloppy.getByRole('button', { name: 'Exclude participant sloppy-1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exclude sloppy-1' });
    await visible(dialog);
    // A reason is required: nothing is recorded without one.
    await dialog.getByRole('button', { name: 'Exclude', exact: true }).click();
    await visible(dialog.getByText(delphi.EXCLUSION_REASON_MESSAGE));
    await dialog.getByLabel(/^Reason/).fill('Straight-lined and anticipated in Flash Match');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Exclude', exact: true }).click();
    await hidden(dialog);

    await visible(sloppy.getByText('Excluded'));
    const log = page.getByRole('region', { name: 'Exclusion log' });
    await visible(log.getByRole('row', { name: /sloppy-1.*The whole participant.*Straight-lined and anticipated in Flash Match/ }));

    const rows = await exportCsv(page);
    expect(new Set(rows.filter((r) => r.participantId === 'sloppy-1').map((r) => r.excluded))).toEqual(new Set(['true']));
    expect(new Set(rows.filter((r) => r.participantId === 'careful-1').map((r) => r.excluded))).toEqual(new Set(['false']));

    await page.getByRole('button', { name: 'Generate Psych-DS bundle' }).click();
    const link = page.getByRole('link', { name: 'Download Psych-DS (zip)' });
    await visible(link, 30_000);
    const href = await link.getAttribute('href');
    const bytes = await page.evaluate(async (url) => {
      const response = await fetch(url ?? '', { credentials: 'include' });
      return [...new Uint8Array(await response.arrayBuffer())];
    }, href);
    const files = new Map(Object.entries(unzipSync(new Uint8Array(bytes))).map(([path, data]) => [path, strFromU8(data)]));
    expect(checkPsychDs(files)).toEqual([]);
    expect(files.get('documentation/exclusion-log.csv')).toContain('Straight-lined and anticipated in Flash Match');
    expect(files.get('data/task-flashmatch_data.csv')?.split('\r\n').filter((line) => line.includes('sloppy-1'))).toHaveLength(24);
  });
});
