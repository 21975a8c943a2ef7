import { describe, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { waitForMailedLink } from './support/outbox';
import { newPerson } from './support/account-flows';

const fx = useServerAndBrowser();

describe('the person card', () => {
  it('an academic account activates without a title; the card then shows what the person entered on /cloud', async () => {
    const person = newPerson('Grace', 'Hopper');
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/?modal=register&academic=true&redirect=%2F'));
    const register = page.getByRole('dialog', { name: 'Register' });
    await register.getByLabel('Academic Title').fill('Dr.');
    await register.getByLabel('First Name').fill(person.firstName);
    await register.getByLabel('Last Name').fill(person.lastName);
    await register.getByLabel('Email address').fill(person.email);
    await register.getByRole('button', { name: 'Register' }).click();
    await visible(register.getByText(/Your request has been submitted/));

    // Issue 25 item 18: optional on the request, so optional on activation too.
    await page.goto(await waitForMailedLink(fx.server.dataDir, person.email, 'activateAcademicAccount'));
    await page.getByLabel('Academic Title').fill('');
    await page.getByLabel(/^New password/).fill(person.password);
    await page.getByLabel('Repeat new password').fill(person.password);
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.waitForURL((url) => url.pathname === '/cloud');

    await page.getByRole('button', { name: 'Show person card' }).click();
    const card = page.getByRole('dialog', { name: 'Person' });
    await visible(card.getByText('Not currently enrolled in any programs ...'));
    await visible(card.getByText('No awards yet ...'));
    await page.keyboard.press('Escape');
    await hidden(card);

    await page.getByLabel(/^Programme/).fill('PhD Computer Science');
    await page.getByLabel('University').fill('Yale University');
    await page.getByLabel(/^Awards/).fill('Computer Sciences Man of the Year\nNational Medal of Technology');
    await page.getByLabel('Academic Title').fill('Rear Admiral');
    await page.getByRole('button', { name: 'Save person card' }).click();
    await visible(page.getByText('Your person card has been saved.'));

    // Another page load: the card reads the account, not what this page remembers.
    await page.goto(fx.server.url('delphi', '/?modal=person'));
    await visible(card.getByRole('heading', { name: 'Rear Admiral Grace Hopper' }));
    await visible(card.getByText('PhD Computer Science'));
    await visible(card.getByText('Yale University'));
    await visible(card.getByText('Computer Sciences Man of the Year, National Medal of Technology'));
    await context.close();
  });
});
