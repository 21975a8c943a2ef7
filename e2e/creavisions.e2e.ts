/**
 * Creative visions end to end (issue 16 part 4): a facilitator creates an event; a workshop
 * participant opens the Begin Session link on a phone, writes and publishes a vision (every
 * step logged through the durable queue), sees it in the gallery and finds it first with the
 * similar search; the facilitator sees the steps in the timeline.
 */
import type { Page } from 'playwright-core';
import { creavisions } from '@chi/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api-client';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';
import { describeFindings, seriousViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';

const ADMIN = { email: 'cv-admin@example.org', password: 'cv admin password' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const HOST = 'creavisions.chi.localhost';

async function noAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(where, findings)).toEqual([]);
}

async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Another participant's published vision, through the same calls the page makes. */
async function publishThroughApi(key: string, userId: string, text: string): Promise<void> {
  const joined = await callApi(fx.server.port, creavisions.createSession, { eventName: 'future-city', sessionKey: key, userId }, { host: HOST });
  expect(joined.status).toBe(200);
  const { session } = joined.json<{ session: { _id: string; token: string } }>();
  const sitting = { sessionId: session._id, sessionToken: session.token };
  const at = new Date().toISOString();
  for (const [kind, extra] of [
    ['draft', { data: { title: `Vision of ${userId}`, text } }],
    ['publish', {}],
  ] as const) {
    const logged = await callApi(fx.server.port, creavisions.logEntry, { ...sitting, _id: `${userId}-${kind}`, kind, entryId: `${userId}-vision`, at, ...extra }, { id: 'future-city', host: HOST });
    expect(logged.status).toBe(200);
  }
}

describe('creative visions', () => {
  let joinLink = '';
  let eventPath = '';

  it('a facilitator creates an event and gets its Begin Session link', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'creavisions');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.getByRole('link', { name: 'Facilitator' }).first().click();
    await visible(page.getByRole('heading', { name: 'Facilitator', level: 1 }));
    await visible(page.getByText('You facilitate no events yet.'));
    const form = page.getByRole('form', { name: 'Create an event' });
    await form.getByLabel(/^Event name/).fill('future-city');
    await form.getByLabel(/^Title/).fill('The city in 2040');
    await form.getByRole('button', { name: 'Create an event' }).click();
    await visible(page.getByText('The session key is shown only now: copy it or the link.'));
    joinLink = ((await page.getByTestId('cv-join-link').textContent()) ?? '').trim();
    expect(joinLink).toMatch(/^http:\/\/creavisions\.chi\.localhost:\d+\/event\/future-city\?modal=userSession&sessionKey=[\w-]+&userId=$/);
    const key = ((await page.getByTestId('cv-event-key').textContent()) ?? '').trim();
    await page.getByRole('link', { name: "Open the event's results" }).click();
    await visible(page.getByText('Nobody has joined yet.'));
    eventPath = new URL(page.url()).pathname;
    await context.close();

    await publishThroughApi(key, 'P-201', 'Electric ferries connect the islands to the harbour.');
    await publishThroughApi(key, 'P-202', 'A green city with community gardens and bicycles everywhere.');
  });

  it('a participant writes and logs a vision, sees it in the gallery and finds it with similar search (phone)', async () => {
    const { context, page } = await fx.page({ width: 390, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto(`${joinLink}P-101`);
    await visible(page.getByRole('heading', { name: 'The city in 2040', level: 1 }));
    await visible(page.getByText('You take part as P-101.'));

    await page.getByRole('button', { name: 'Publish to the gallery' }).click();
    await visible(page.getByText('Write your vision before publishing it'));
    await page.getByLabel('Title').fill('Gardens on every roof');
    await page.getByRole('textbox', { name: 'Describe your vision' }).fill('Rooftop gardens feed the neighbourhood: bees and vegetable gardens on every roof.');
    await page.getByRole('button', { name: 'Publish to the gallery' }).click();
    await visible(page.getByText('Published in the gallery'));
    await fitsWidth(page);
    await noAxeFindings(page, 'vision editor');

    await page.getByRole('tab', { name: 'Gallery' }).click();
    await visible(page.getByText('3 published visions'));
    await visible(page.getByTestId('cv-gallery').getByRole('article', { name: 'Gardens on every roof' }));

    await page.getByLabel(/^Describe an idea/).fill('rooftop gardens');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Visions similar to “rooftop gardens”' }));
    const results = page.getByTestId('cv-similar-results').getByRole('article');
    await visible(results.first());
    await expect.poll(() => results.first().getAttribute('aria-label')).toBe('Gardens on every roof');
    await visible(results.first().getByLabel(/^Similarity: \d+ percent$/));
    expect(await results.allInnerTexts()).not.toContainEqual(expect.stringContaining('Electric ferries'));
    await fitsWidth(page);
    await noAxeFindings(page, 'gallery and search');

    // A reload continues the same sitting with the same vision.
    await page.reload();
    await visible(page.getByText('You take part as P-101.'));
    await page.getByRole('tab', { name: 'My vision' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Gardens on every roof');
    expect(errors.take()).toEqual([]);
    await context.close();
  });

  it('the facilitator sees the participant and the vision in the timeline', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'creavisions');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('creavisions', eventPath));
    await visible(page.getByRole('table', { name: 'Sittings' }).getByRole('cell', { name: 'P-101' }));
    const timeline = page.getByTestId('cv-timeline');
    await visible(timeline.getByText(/P-101 published/));
    await visible(timeline.getByText(/P-101 saved a draft Gardens on every roof/));
    await visible(timeline.getByText(/P-101 searched “rooftop gardens”/));
    await noAxeFindings(page, 'facilitator view');
    await context.close();
  });
});
