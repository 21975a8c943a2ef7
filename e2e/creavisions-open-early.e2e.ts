/**
 * "Open the event" in the first seconds of the creative-visions home (issue 25 item 24): the name
 * pasted or autofilled on the static page (ADR 040) and the button pressed before the live page
 * is in must still open the event, at a phone's and a desktop's width.
 */
import { describe, it } from 'vitest';
import { useServerAndBrowser } from './support/fixture';

const fx = useServerAndBrowser();

describe('creative-visions home before the live page', () => {
  for (const width of [390, 1440]) {
    it(`opens the event named by a paste and an immediate press at ${width} px`, async () => {
      const { context, page } = await fx.page({ width, height: 800 });
      await page.goto(fx.server.url('creavisions'));
      // A paste or an autofill: the value arrives in one input event, without typing.
      await page.getByRole('textbox', { name: /Event name/ }).fill('future-city');
      await page.getByRole('button', { name: 'Open the event' }).first().click();
      await page.waitForURL((url) => url.pathname === '/event/future-city', { timeout: 20_000 });
      await context.close();
    }, 60_000);
  }
});
