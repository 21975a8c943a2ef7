import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, visible } from './support/fixture';

const fx = useServerAndBrowser();

describe('routes that need a login', () => {
  it('/cloud sends an anonymous visitor home with the login modal and a redirect', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/cloud'));
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('modal') === 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cloud');
    await visible(page.getByRole('dialog', { name: 'Login' }));
    await context.close();
  });

  it('/Data on the delphi host needs a login too', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('delphi', '/Data'));
    await page.waitForURL((url) => url.searchParams.get('modal') === 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/Data');
    await visible(page.getByRole('dialog', { name: 'Login' }));
    await context.close();
  });
});
