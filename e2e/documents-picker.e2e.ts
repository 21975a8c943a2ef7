import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';

const fx = useServerAndBrowser();

/** A 1×1 PNG: real image bytes, so the server's content check accepts it. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the image picker', () => {
  it('My Images is empty, an uploaded PNG shows there and on /cloud, a text file named x.png is refused; a JSON chunk is pretty-printed', async () => {
    const person = newPerson('Marie', 'Curie');
    const { context, page } = await fx.page();
    await signUpByApi(fx, page, person);

    await page.goto(fx.server.url('app', '/?modal=pickImage'));
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await visible(dialog);
    await visible(dialog.getByRole('tab', { name: 'My Images', selected: true }));
    await visible(dialog.getByText('no images yet'));

    await dialog.getByRole('tab', { name: 'Upload' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('upload');
    const files = dialog.getByLabel('Images to upload');
    await files.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(dialog.getByRole('status').filter({ hasText: '1 image uploaded' }));

    // A text file disguised by its name: the server checks content and says why.
    await files.setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const error = dialog.getByRole('alert');
    await visible(error);
    expect(await error.textContent()).toContain('x.png');

    await dialog.getByRole('tab', { name: 'My Images' }).click();
    await visible(dialog.getByRole('button', { name: 'dot.png' }));

    await page.goto(fx.server.url('app', '/cloud'));
    const uploads = page.getByRole('list', { name: 'Your uploaded images' });
    await visible(uploads);
    await visible(uploads.getByText('dot.png'));
    await page.getByRole('button', { name: 'Upload images' }).click();
    await visible(page.getByRole('dialog', { name: 'Choose an image' }).getByRole('tab', { name: 'Upload', selected: true }));

    // A chunk of a .json file, stored as a document and opened by the chunk modal: pretty-printed.
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/v1/actions/app/Chunk/action/create', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ _appId: 'app', _dataType: 'Chunk', _id: 'chunk1', text: '{"answer":42,"list":[1,2]}', index: 3, filename: 'facts.json' }),
      });
      return response.status;
    });
    expect(created).toBe(200);
    await page.goto(fx.server.url('app', '/?modal=chunk&chunkId=chunk1&appId=app'));
    const chunk = page.getByRole('dialog', { name: 'Reference' });
    await visible(chunk.getByText('facts.json'));
    expect(await chunk.getByLabel('Text').textContent()).toBe('{\n  "answer": 42,\n  "list": [\n    1,\n    2\n  ]\n}');
    await context.close();
  });

  it('Custom needs an image url; Escape closes the picker and clears the query', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/?modal=pickImage&tab=custom'));
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await visible(dialog);
    expect(await dialog.getByRole('tab', { name: 'My Images' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await visible(dialog.getByText('An image url is required'));
    await visible(dialog.getByRole('button', { name: 'Use Default Image' }));

    await page.keyboard.press('Escape');
    await hidden(dialog);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('the image picker, Custom tab', () => {
  it('previews an external image as it is typed, says when none loads, needs a url and closes on Escape', async () => {
    const { context, page } = await fx.page();
    // "External" images answered by the test: a real PNG, and an address that has none.
    // They are shown through the same-origin image proxy (ADR 058), so its answers are stubbed.
    const proxied = (url: string) => (at: URL) => `${at.pathname}${at.search}` === `/api/v1/image-proxy?url=${encodeURIComponent(url)}`;
    await page.route(proxied('https://images.example.org/dot.png'), (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG }));
    await page.route(proxied('https://images.example.org/missing.png'), (route) => route.fulfill({ status: 400, contentType: 'text/plain', body: 'no' }));

    // Opened the way a person gets there: /cloud → Upload images → Custom.
    await signUpByApi(fx, page, newPerson('Dorothy', 'Hodgkin'));
    await page.getByRole('button', { name: 'Upload images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await visible(dialog);
    await dialog.getByRole('tab', { name: 'Custom' }).click();
    await visible(dialog.getByRole('tab', { name: 'Custom', selected: true }));

    const field = dialog.getByLabel('Image URL');
    await field.fill('https://images.example.org/dot.png');
    const preview = dialog.getByRole('img', { name: 'Preview of the image at the given address' });
    await visible(preview);
    await preview.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
    expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1, 1]);

    await field.fill('https://images.example.org/missing.png');
    await visible(dialog.getByText('No image could be loaded from this address.'));

    await field.fill('');
    expect(await preview.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await visible(dialog.getByText('An image url is required'));

    await page.keyboard.press('Escape');
    await hidden(dialog);
    expect(new URL(page.url()).pathname).toBe('/cloud');
    expect(new URL(page.url()).search).toBe('');
    await visible(page.getByRole('tab', { name: 'Account', selected: true }));
    await context.close();
  });
});
