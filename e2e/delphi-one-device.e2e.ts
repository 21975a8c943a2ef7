/**
 * Issue 24 (ADR 043): a participant's study is bound to the browser that started it. A second
 * browser opening the same participant link sees that the study is open on another device and
 * cannot play; after a researcher releases it on /Data, that browser takes it over.
 */
import { describe, expect, it } from 'vitest';
import { openDataAsResearcher, playQuiz } from './support/delphi-play';
import { hidden, useServerAndBrowser, visible } from './support/fixture';

const ADMIN = { email: 'researcher@example.org', password: 'a long researcher passphrase' };
const fx = useServerAndBrowser({ GAME_TIME_SCALE: '0.05', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

describe('one participant, one browser', () => {
  it('a second browser with the same link is told the study is open elsewhere, until a researcher releases it', async () => {
    const first = await fx.page();
    await first.page.goto(fx.server.url('delphi', '/?participantId=D1'));
    await visible(first.page.getByRole('heading', { name: 'Your games' }));
    await playQuiz(first.page);
    await visible(first.page.getByRole('heading', { name: 'Your results' }));
    await hidden(first.page.getByText('Saving your answers…'));

    // Another browser (its own cookies) with the same participant link.
    const second = await fx.page();
    await second.page.goto(fx.server.url('delphi', '/?participantId=D1'));
    await visible(second.page.getByRole('heading', { name: 'This study is open on another device' }));
    await visible(second.page.getByRole('alert').getByText(/only be played in the browser where you started it/));
    expect(await second.page.getByRole('heading', { name: 'Your games' }).count()).toBe(0);
    expect(await second.page.getByRole('link', { name: /^Play / }).count()).toBe(0);
    expect(await second.page.getByText(/correct/).count()).toBe(0);

    // The researcher releases the study on /Data; only they see the control.
    const researcher = await fx.page();
    await openDataAsResearcher(researcher.page, (path) => fx.server.url('delphi', path), ADMIN);
    await researcher.page.getByRole('button', { name: 'Release the study of participant D1 to another device' }).click();
    const dialog = researcher.page.getByRole('dialog', { name: "Move D1's study to another device?" });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await visible(dialog.getByRole('status').getByText(/Released/));
    await researcher.context.close();

    // The second browser tries again: it now has the study, with Quiz Time already played.
    await second.page.getByRole('button', { name: 'Try again' }).click();
    await visible(second.page.getByRole('heading', { name: 'Your games' }));
    await visible(second.page.getByRole('article', { name: 'Quiz Time' }).getByText('Played'));
    await visible(second.page.getByRole('article', { name: 'Flash Match' }).getByRole('link', { name: 'Play Flash Match' }));

    // And the first browser is now the other device.
    await first.page.goto(fx.server.url('delphi', '/?participantId=D1'));
    await visible(first.page.getByRole('heading', { name: 'This study is open on another device' }));
    await Promise.all([first.context.close(), second.context.close()]);
  }, 120_000);
});
