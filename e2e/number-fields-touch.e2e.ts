/**
 * A number field on a touch screen (UI audit): its steppers, two ~18 px targets without a gap,
 * are gone; the phone's number keyboard types the value. With a mouse they stay.
 */
import { delphi } from '@chi/contract';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';
import { createAccountByApi, logInBrowser } from './support/api-accounts';
import { callApi } from './support/api-client';

const fx = useServerAndBrowser();

describe('a number field', () => {
  it('has no steppers on a touch phone, and steppers with a mouse', async () => {
    const owner = await createAccountByApi(fx, 'Nina', 'Number');
    const created = await callApi(fx.server.port, delphi.createStudy, { slug: 'steppers', name: 'Steppers', targetSample: 30 }, { cookie: owner.cookie });
    expect(created.status, created.body).toBe(200);
    const id = created.json<{ study: delphi.Study }>().study.id;
    for (const [size, steppers] of [[{ width: 390, height: 844, touch: true }, false], [{ width: 1440, height: 900 }, true]] as const) {
      const { context, page } = await fx.page(size);
      await logInBrowser(fx, context, owner, 'delphi');
      await page.goto(fx.server.url('delphi', `/Studies/${id}`));
      const field = await visible(page.getByRole('textbox', { name: /Target sample/ }));
      expect(await field.inputValue()).toBe('30');
      // The steppers are hidden from assistive technology (Mantine: the arrow keys step): found by their class.
      const root = page.locator('.mantine-NumberInput-root', { has: field });
      await root.locator('.mantine-NumberInput-controls').waitFor({ state: 'attached' });
      expect(await root.locator('.mantine-NumberInput-controls').isVisible(), `${size.width} px`).toBe(steppers);
      if (!steppers) {
        await field.fill('45');
        expect(await field.inputValue()).toBe('45');
      }
      await context.close();
    }
  });
});
