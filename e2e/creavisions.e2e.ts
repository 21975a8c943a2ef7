/**
 * Creative visions end to end (issue 16 part 4): a facilitator creates an event; a workshop
 * participant opens the Begin Session link on a phone, writes and publishes a vision (every
 * step logged through the durable queue), sees it in the gallery and finds it first with the
 * similar search; the facilitator sees the steps in the timeline. A visitor signs up by e-mail
 * for an event that takes sign-ups (and is not offered it where it does not), follows the
 * mailed link and writes a vision. The facilitator closes the event: participants can no longer
 * write, the gallery stays readable, and nobody new can join; then reopens it (ADR 034).
 */
import type { Page } from 'playwright-core';
import { creavisions } from '@chi/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api-client';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';
import { describeFindings, seriousViolations } from './support/axe';
import { readOutbox } from './support/outbox';
import { collectPageErrors } from './support/page-errors';
import { expectNoSidewaysScroll } from './support/layout';

const ADMIN = { email: 'cv-admin@example.org', password: 'cv admin password' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const HOST = 'creavisions.chi.localhost';

async function noAxeFindings(page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(where, findings)).toEqual([]);
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
    await expectNoSidewaysScroll(page);
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
    await expectNoSidewaysScroll(page);
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

  // Sign-up, in three steps (each its own test: on a loaded machine one long test outgrows the limit).
  let signUpLink = '';
  let mailedLink = '';

  it('a facilitator creates an event that takes sign-ups', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'creavisions');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('creavisions', '/facilitator'));
    const form = page.getByRole('form', { name: 'Create an event' });
    await form.getByLabel(/^Event name/).fill('open-house');
    await form.getByLabel(/^Title/).fill('Open house 2040');
    await form.getByLabel('Visitors may sign up by e-mail').check();
    await form.getByRole('button', { name: 'Create an event' }).click();
    signUpLink = ((await (await visible(page.getByTestId('cv-sign-up-link'))).first().textContent()) ?? '').trim();
    expect(signUpLink).toMatch(/^http:\/\/creavisions\.chi\.localhost:\d+\/event\/open-house\?modal=signUp&event=open-house$/);
    await context.close();
  });

  it('the join page offers sign-up by e-mail only for an event that takes it; the visitor signs up and is mailed a link', async () => {
    const { context, page } = await fx.page({ width: 390, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto(fx.server.url('creavisions', '/event/future-city'));
    await visible(page.getByRole('button', { name: 'Begin with a session key' }));
    expect(await page.getByRole('button', { name: 'Sign up by e-mail' }).count()).toBe(0);

    await page.goto(fx.server.url('creavisions', '/event/open-house'));
    await (await visible(page.getByRole('button', { name: 'Sign up by e-mail' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    await visible(dialog);
    await dialog.getByLabel(/^First Name/).fill('Ada');
    await dialog.getByLabel(/^Email address/).fill('ada-visions@example.org');
    expect(await dialog.getByRole('button', { name: 'Sign up' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/I agree to take part/).check();
    await expectNoSidewaysScroll(page);
    await noAxeFindings(page, 'event sign-up modal');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await visible(dialog.getByText(/a personal link to the event is on its way/));

    const linkIn = async () => {
      const mail = (await readOutbox(fx.server.dataDir)).find((m) => m.to.includes('ada-visions@example.org'));
      return /http:\/\/creavisions\.chi\.localhost:\d+\/event\/open-house\?modal=userSession[^\s"<>]+/.exec(mail?.text ?? '')?.[0]?.replace(/&amp;/g, '&') ?? '';
    };
    await expect.poll(linkIn).not.toBe('');
    mailedLink = await linkIn();
    expect(errors.take()).toEqual([]);
    await context.close();
  });

  it('the mailed link begins the session and the visitor writes a vision', async () => {
    const userId = new URL(mailedLink).searchParams.get('userId') ?? '';
    expect(userId).toMatch(/^P-[0-9A-F]{12}$/);
    const { context, page } = await fx.page({ width: 390, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto(mailedLink);
    await visible(page.getByRole('heading', { name: 'Open house 2040', level: 1 }));
    await visible(page.getByText(`You take part as ${userId}.`));
    await page.getByLabel('Title').fill('Open doors');
    await page.getByRole('textbox', { name: 'Describe your vision' }).fill('Every house opens its ground floor to the street once a week.');
    await page.getByRole('button', { name: 'Publish to the gallery' }).click();
    await visible(page.getByText('Published in the gallery'));
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await visible(page.getByTestId('cv-gallery').getByRole('article', { name: 'Open doors' }));
    expect(errors.take()).toEqual([]);
    await context.close();
  });

  // Closing, in three steps; the participant's page stays open across them.
  let participant: Awaited<ReturnType<typeof fx.page>> | undefined;

  it('the facilitator closes the event after a confirmation', async () => {
    participant = await fx.page({ width: 390, height: 800 });
    await participant.page.goto(`${joinLink}P-301`);
    await visible(participant.page.getByText('You take part as P-301.'));
    expect(await participant.page.getByLabel('Title').isEnabled()).toBe(true);

    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'creavisions');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('creavisions', eventPath));
    await page.getByRole('button', { name: 'Close the event' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close this event?' });
    await visible(confirm.getByText(/will no longer be able to join, write or change visions/));
    await noAxeFindings(page, 'close confirmation');
    await confirm.getByRole('button', { name: 'Close the event' }).click();
    await hidden(confirm);
    await visible(page.getByText('Closed', { exact: true }));
    await visible(page.getByRole('button', { name: 'Reopen the event' }));
    await context.close();
  });

  it('on a closed event participants can no longer write, the gallery stays readable, and nobody new joins', async () => {
    const { page } = participant!;
    await page.reload();
    await visible(page.getByText('This event is closed: visions can no longer be written or changed. The gallery can still be read.'));
    expect(await page.getByLabel('Title').isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Describe your vision' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Publish to the gallery' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await visible(page.getByText('3 published visions'));
    await visible(page.getByTestId('cv-gallery').getByRole('article', { name: 'Gardens on every roof' }));
    await expectNoSidewaysScroll(page);
    await noAxeFindings(page, 'closed event gallery');

    const newcomer = await fx.page({ width: 390, height: 800 });
    await newcomer.page.goto(fx.server.url('creavisions', '/event/future-city'));
    await visible(newcomer.page.getByText('This event is closed: it takes no new participants.'));
    expect(await newcomer.page.getByRole('button', { name: 'Begin with a session key' }).count()).toBe(0);
    expect(await newcomer.page.getByRole('button', { name: 'Sign up by e-mail' }).count()).toBe(0);
    await newcomer.context.close();
  });

  it('the facilitator reopens the event and the participant can write again', async () => {
    const { context, page } = await fx.page();
    await logIn(fx, page, ADMIN.email, ADMIN.password, 'creavisions');
    await hidden(page.getByRole('dialog', { name: 'Login' }));
    await page.goto(fx.server.url('creavisions', eventPath));
    await page.getByRole('button', { name: 'Reopen the event' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen this event?' });
    await reopen.getByRole('button', { name: 'Reopen the event' }).click();
    await hidden(reopen);
    await visible(page.getByRole('button', { name: 'Close the event' }));
    await context.close();

    const { page: mine, context: theirs } = participant!;
    await mine.reload();
    await mine.getByRole('tab', { name: 'My vision' }).click();
    await visible(mine.getByLabel('Title'));
    expect(await mine.getByLabel('Title').isEnabled()).toBe(true);
    expect(await mine.getByText('This event is closed', { exact: false }).count()).toBe(0);
    await theirs.close();
  });
});
