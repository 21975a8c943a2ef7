/**
 * Morning Memo end to end (issue 13) with Chromium's fake microphone playing a WAV this test
 * writes (a 440 Hz tone at -20 dBFS RMS, so the level is known and sits in the green zone):
 * the microphone test turns green, both scaled recordings are made, the server is stopped
 * while the talk uploads and started again, and each recording arrives whole and exactly once;
 * a researcher plays it on /Data. The spec restarts its server: it runs alone (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { visible } from './support/fixture';
import { describeFindings, seriousViolations } from './support/axe';
import { exportCsv, openDataAsResearcher } from './support/delphi-play';
import { fakeMicrophone, type FakeMicrophone } from './support/fake-microphone';
import { collectPageErrors } from './support/page-errors';
import { startRestartableServer, type RestartableServer } from './support/restartable-server';

const ADMIN = { email: 'memo-researcher@example.org', password: 'a long researcher passphrase' };
let server: RestartableServer;
let browser: Browser;
let microphone: FakeMicrophone;

beforeAll(async () => {
  microphone = await fakeMicrophone(-20);
  [server, browser] = await Promise.all([
    startRestartableServer({ GAME_TIME_SCALE: '0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(microphone.args),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.dispose()]);
  await microphone?.dispose();
});

interface Listed {
  _id: string;
  participantId: string;
  kind: string;
  status: string;
  bytes: number;
  durationMs: number | null;
  url: string | null;
}

describe('Morning Memo', () => {
  it('records through a server outage, every recording arrives once, and a researcher plays it', async () => {
    const { context, page } = await newPage(browser);
    const errors = collectPageErrors(page);
    await page.goto(server.url('delphi', '/?participantId=MEMO-1'));
    await page.getByRole('link', { name: 'Play Morning Memo' }).click();
    await visible(page.getByRole('heading', { name: 'Morning Memo', level: 1 }));
    await page.getByRole('button', { name: 'Start' }).click();

    // Microphone test: asked after the explanation, then the meter must sit in the green zone.
    await visible(page.getByRole('heading', { name: 'Test', level: 1 }));
    const next = page.getByRole('button', { name: 'Continue' });
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    await visible(page.getByRole('meter', { name: 'Microphone volume' }));
    await visible(page.getByText('Your volume is just right.'));
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
    const level = Number(await page.getByRole('meter').getAttribute('aria-valuenow'));
    expect(level).toBeGreaterThanOrEqual(-30);
    expect(level).toBeLessThanOrEqual(-12);
    expect(describeFindings('microphone test', await seriousViolations(page))).toBe(describeFindings('microphone test', []));
    await next.click();

    // Background noise: 10 s × 0.1.
    await visible(page.getByRole('heading', { name: 'Background Noise', level: 1 }));
    await page.getByRole('button', { name: 'Record background noise' }).click();
    await visible(page.getByText('Background noise recorded.'));
    await page.getByRole('button', { name: 'Continue' }).click();

    // Talk: the server goes away as the recording starts, so its parts wait in IndexedDB.
    await visible(page.getByRole('heading', { name: 'Talk', level: 1 }));
    await page.getByRole('button', { name: 'Start recording' }).click();
    await server.stop();
    await visible(page.getByRole('timer'));
    // Stops by itself at 90 s × 0.1.
    await visible(page.getByText('Your memo is recorded.'), 30_000);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'See examples' }).click();
    await page.getByRole('button', { name: 'I am ready' }).click();
    const cell = page.getByRole('button', { name: 'Pleasure 7 of 9, energy 3 of 9' });
    await expect.poll(() => cell.isEnabled()).toBe(true);
    expect(describeFindings('affect grid', await seriousViolations(page))).toBe(describeFindings('affect grid', []));
    // A press only selects, and can be changed: a slip is not an answer (ADR 051).
    const submit = page.getByRole('button', { name: 'Submit my answer' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Pleasure 2 of 9, energy 8 of 9' }).click();
    await visible(page.getByText('Selected: pleasure 2 of 9, energy 8 of 9.'));
    await cell.click();
    await visible(page.getByText('Selected: pleasure 7 of 9, energy 3 of 9.'));
    expect(await cell.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Pleasure 2 of 9, energy 8 of 9' }).getAttribute('aria-pressed')).toBe('false');
    await visible(page.getByRole('heading', { name: 'How do you feel right now? Choose one square.' }));
    await submit.click();

    // The end waits, visibly, while the server is away; then it has everything.
    await visible(page.getByText('Saving your recordings… Please keep this page open.'));
    await visible(page.getByText(/The server cannot be reached right now/), 30_000);
    await server.restart();
    await visible(page.getByText('Thank you! Your recordings are saved.'), 60_000);
    // Failed loads while the server was down are the outage itself, not defects.
    expect(errors.take().filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();

    // The researcher: exactly one background and one talk recording, whole, playable.
    const researcher = await newPage(browser);
    const r = researcher.page;
    await openDataAsResearcher(r, (path) => server.url('delphi', path), ADMIN);
    await visible(r.getByRole('heading', { name: 'Recordings' }));
    const listed = await r.evaluate(async () => {
      const response = await fetch('/api/v1/actions/delphi/Recording/action/list', {
        method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{"filter":"MEMO-1"}',
      });
      return ((await response.json()) as { recordings: Listed[] }).recordings;
    });
    const mine = listed.filter((x) => x.participantId === 'MEMO-1');
    expect(mine.map((x) => x.kind).sort()).toEqual(['background', 'talk']);
    for (const recording of mine) {
      expect(recording.status).toBe('complete');
      const head = await r.evaluate(async (url) => {
        const bytes = new Uint8Array(await (await fetch(url, { credentials: 'include' })).arrayBuffer());
        return { length: bytes.length, magic: [...bytes.slice(0, 4)] };
      }, recording.url ?? '');
      expect(head.magic).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      expect(head.length).toBe(recording.bytes);
    }
    const talk = mine.find((x) => x.kind === 'talk');
    expect(talk?.durationMs).toBeGreaterThan(8000);
    expect(talk?.durationMs).toBeLessThan(12_000);

    const row = r.locator(`tr[data-recording="${talk?._id}"]`);
    await row.getByRole('button', { name: /^Play/ }).click();
    const audio = row.locator('audio');
    await visible(audio);
    await r.waitForFunction((id) => {
      const el = document.querySelector<HTMLAudioElement>(`tr[data-recording="${id}"] audio`);
      return !!el && el.readyState >= 2 && !el.error;
    }, talk?._id, { timeout: 15_000 });
    expect(describeFindings('/Data recordings', await seriousViolations(r))).toBe(describeFindings('/Data recordings', []));

    // On a phone each recording is a card, its player on it and the page no wider than the screen.
    const desktop = r.viewportSize();
    await r.setViewportSize({ width: 360, height: 800 });
    const card = r.getByRole('list', { name: 'Recordings' }).getByRole('listitem').filter({ has: r.locator(`[data-recording="${talk?._id}"]`) });
    await visible(card.locator('audio'));
    await visible(card.getByRole('link', { name: 'Download' }));
    expect(await r.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await card.screenshot({ path: '/tmp/memo-recording-card-360.png' });
    expect(describeFindings('/Data recordings, phone', await seriousViolations(r))).toBe(describeFindings('/Data recordings, phone', []));
    if (desktop) await r.setViewportSize(desktop);

    // The export references each recording by id, with its duration.
    const rows = (await exportCsv(r)).filter((x) => x.participantId === 'MEMO-1');
    const referenced = rows.map((x) => JSON.parse(x.attributes || '{}') as { recordingId?: string; durationMs?: number }).filter((a) => a.recordingId);
    expect(referenced.map((a) => a.recordingId).sort()).toEqual(mine.map((x) => x._id).sort());
    expect(referenced.every((a) => typeof a.durationMs === 'number' && a.durationMs > 0)).toBe(true);
    const affect = rows.find((x) => x.prompt === 'affectGrid');
    expect(JSON.parse(affect?.attributes ?? '{}')).toMatchObject({ pleasure: 7, arousal: 3, changes: 1 });
    await researcher.context.close();
  }, 150_000);

  it('a reload mid-talk keeps what was recorded: the next page load finishes and sends it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('delphi', '/?participantId=MEMO-2'));
    await page.getByRole('link', { name: 'Play Morning Memo' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    const next = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
    await next.click();
    await page.getByRole('button', { name: 'Record background noise' }).click();
    await visible(page.getByText('Background noise recorded.'));
    await next.click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await visible(page.getByText(/^3 s of 9 s$/), 15_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await visible(page.getByText('This game was interrupted. Your answers so far are saved.'));
    await page.goto(server.url('delphi', '/'));
    await visible(page.getByRole('heading', { name: 'Your games' }));

    const researcher = await newPage(browser);
    await openDataAsResearcher(researcher.page, (path) => server.url('delphi', path), ADMIN);
    const talkOf = () =>
      researcher.page.evaluate(async () => {
        const response = await fetch('/api/v1/actions/delphi/Recording/action/list', {
          method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{"filter":"MEMO-2"}',
        });
        return ((await response.json()) as { recordings: Listed[] }).recordings.filter((x) => x.kind === 'talk');
      });
    // A recording left by a page is finished once nothing has written to it for 10 s.
    await expect.poll(async () => (await talkOf()).map((x) => x.status), { timeout: 45_000, interval: 1000 }).toEqual(['complete']);
    const [talk] = await talkOf();
    expect(talk?.durationMs).toBeGreaterThan(1500);
    expect(talk?.durationMs).toBeLessThan(9000);
    expect(talk?.bytes).toBeGreaterThan(5000);
    await Promise.all([context.close(), researcher.context.close()]);
  }, 120_000);

  it('a participant whose microphone fails can go on without it, and the data says so', async () => {
    const { context, page } = await newPage(browser);
    // This participant's browser refuses the microphone.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(server.url('delphi', '/?participantId=MEMO-3'));
    await page.getByRole('link', { name: 'Play Morning Memo' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    await visible(page.getByRole('alert').getByText('Oh, no! Your mic appears to have some problems'));
    await visible(page.getByRole('button', { name: 'Try again' }));
    await page.getByRole('button', { name: 'Continue without the microphone' }).click();
    await page.getByRole('button', { name: 'See examples' }).click();
    await page.getByRole('button', { name: 'I am ready' }).click();
    const cell = page.getByRole('button', { name: 'Pleasure 4 of 9, energy 6 of 9' });
    await expect.poll(() => cell.isEnabled()).toBe(true);
    await cell.click();
    await page.getByRole('button', { name: 'Submit my answer' }).click();
    await visible(page.getByText('Thank you! Your answer is saved.'), 30_000);
    await context.close();

    const researcher = await newPage(browser);
    await openDataAsResearcher(researcher.page, (path) => server.url('delphi', path), ADMIN);
    const rows = (await exportCsv(researcher.page)).filter((x) => x.participantId === 'MEMO-3');
    const without = rows.find((x) => x.response === 'continuedWithout');
    expect(JSON.parse(without?.attributes ?? '{}')).toEqual({ reason: 'NotAllowedError' });
    expect(JSON.parse(rows.find((x) => x.prompt === 'affectGrid')?.attributes ?? '{}')).toMatchObject({ pleasure: 4, arousal: 6, changes: 0 });
    expect(rows.filter((x) => JSON.parse(x.attributes || '{}').recordingId)).toEqual([]);
    await researcher.context.close();
  }, 90_000);
});
