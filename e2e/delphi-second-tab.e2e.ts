/**
 * Issue 25 item 5 (ADR 047): a participant opens the hub in a second tab while a game runs in
 * the first. The second tab shows that game as being played in another tab — not
 * "Interrupted", and with no Play that the server would refuse as already played — and, once
 * the first tab has gone (its game lock released), shows how the game ended.
 */
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();
const delphiUrl = (path: string) => fx.server.url('delphi', path);

describe('the hub in a second tab of the same browser', () => {
  it('shows the game running in the first tab as played there, without a Play, then as it ended', async () => {
    const { page: first } = await fx.page();
    await first.goto(delphiUrl('/?participantId=second-tab-1'));
    await first.getByRole('link', { name: 'Play Flash Match' }).click();
    await first.getByRole('button', { name: 'Start' }).click();
    await first.waitForURL((url) => url.pathname === '/FlashMatch/SearchIntro');

    const second = await first.context().newPage();
    await second.goto(delphiUrl('/?participantId=second-tab-1'));
    const card = second.getByRole('article', { name: 'Flash Match' });
    await visible(card.getByText('Playing in another tab'));
    await visible(card.getByText(/You are playing this game in another tab or window/));
    expect(await card.getByText('Interrupted').count()).toBe(0);
    expect(await second.getByRole('link', { name: 'Play Flash Match' }).count()).toBe(0);
    // The other games are still there to play.
    await visible(second.getByRole('link', { name: 'Play Quiz Time' }));

    // The first tab goes mid-game: its game ends interrupted, and the second tab says so.
    await first.close({ runBeforeUnload: false });
    await visible(card.getByText('Interrupted'));
    expect(await card.getByText('Playing in another tab').count()).toBe(0);
  });
});
