import { describe, expect, it } from 'vitest';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { newPerson } from './support/account-flows';
import { signUpByApi } from './support/api-accounts';
import { countRequests, fetchWithoutRedirect, holdRequests, myNotes, noteArticle, noteBody, openCloudTab } from './support/notes';

const fx = useServerAndBrowser();

const CREATE_NOTE = '**/api/v1/actions/app/Note/action/create';

describe('/cloud → My notes', () => {
  it('writes a formatted note, keeps it across a reload, shows hostile Markdown inert, publishes it to others and deletes it', async () => {
    const author = newPerson('Rosalind', 'Franklin');
    const { context, page } = await fx.page();
    await signUpByApi(fx, page, author);
    // The editor is heavy: it must load with the note form, never with the page (bench budget).
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const editorLoaded = () => scripts.some((path) => path.includes('/markdown-editor-'));
    await openCloudTab(fx, page, 'My notes');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('notes');
    await visible(page.getByText('No notes yet'));
    expect(editorLoaded()).toBe(false);
    await page.getByRole('button', { name: 'Write your first note' }).click();

    const form = page.getByRole('form', { name: 'New note' });
    await visible(form);
    const body = noteBody(page);
    await visible(body);
    expect(editorLoaded()).toBe(true);
    expect(await body.getAttribute('contenteditable')).toBe('true');
    await visible(body.locator('[data-placeholder="Write here..."]'));
    for (const name of ['Heading 1', 'Heading 2', 'Heading 3', 'Bold', 'Italic', 'Quote', 'Bullet list', 'Numbered list']) {
      await visible(form.getByRole('button', { name, exact: true }));
    }

    // An empty title: a field error, and nothing is sent.
    const creates = countRequests(page, '/actions/app/Note/action/create');
    await form.getByRole('button', { name: 'Save note' }).click();
    await visible(form.getByText('A title is required'));
    expect(await form.getByLabel(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(creates()).toBe(0);

    await form.getByLabel(/^Title/).fill('Lab plan');
    await body.click();
    await form.getByRole('button', { name: 'Heading 1', exact: true }).click();
    await page.keyboard.type('Week one');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bold move');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' then rest.');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Bullet list', exact: true }).click();
    await page.keyboard.type('first item');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second item');

    // A failed save keeps everything typed and says why inside the form.
    await page.route(CREATE_NOTE, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ Error: { name: 'Server Error', message: 'Server error.', code: 500 } }) }),
    );
    await form.getByRole('button', { name: 'Save note' }).click();
    await visible(form.getByRole('alert'));
    await page.unroute(CREATE_NOTE);
    expect(await form.getByLabel(/^Title/).inputValue()).toBe('Lab plan');
    await visible(body.getByRole('heading', { name: 'Week one', level: 1 }));
    await visible(body.locator('li', { hasText: 'second item' }));

    // While the save is on its way the button shows it is busy.
    const gate = await holdRequests(page, CREATE_NOTE);
    await form.getByRole('button', { name: 'Save note' }).click();
    await gate.held;
    expect(await form.getByRole('button', { name: 'Save note' }).getAttribute('aria-busy')).toBe('true');
    await gate.release();
    await visible(page.getByRole('status').filter({ hasText: 'Note saved.' }));
    await hidden(form);

    const expectRendered = async () => {
      const note = noteArticle(page, 'Lab plan');
      await visible(note.getByRole('heading', { name: 'Week one', level: 1 }));
      expect(await note.locator('strong').first().textContent()).toBe('Bold move');
      expect(await note.getByRole('listitem').allTextContents()).toEqual(['first item', 'second item']);
    };
    await expectRendered();
    await page.reload();
    await visible(page.getByRole('tab', { name: 'My notes', selected: true }));
    await expectRendered();

    // Markdown stored by another client may carry raw HTML: it is shown, but inert.
    const hostile = await page.evaluate(async () => {
      const response = await fetch('/api/v1/actions/app/Note/action/create', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({
          _appId: 'app',
          _dataType: 'Note',
          _id: 'hostile-note',
          title: 'Hostile',
          body: 'Visible words\n\n<img src=x onerror="window.__pwned = 1">\n\n<script>window.__pwned = 2</script>\n\n<a href="javascript:window.__pwned=3">click</a>',
        }),
      });
      return response.status;
    });
    expect(hostile).toBe(200);
    await page.reload();
    const hostileNote = noteArticle(page, 'Hostile');
    await visible(hostileNote.getByText('Visible words'));
    expect(await myNotes(page).locator('script, [onerror], a[href^="javascript"]').count()).toBe(0);
    await hostileNote.getByText('click').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Publishing shows the badge; another person then sees the note, read-only.
    const labPlan = noteArticle(page, 'Lab plan');
    await labPlan.getByRole('button', { name: 'Publish Lab plan' }).click();
    await visible(labPlan.getByText('Published', { exact: true }));
    await visible(labPlan.getByRole('button', { name: 'Retract Lab plan' }));
    expect(await noteArticle(page, 'Hostile').getByText('Published', { exact: true }).count()).toBe(0);

    const reader = await fx.page();
    await signUpByApi(fx, reader.page, newPerson('James', 'Watson'));
    await openCloudTab(fx, reader.page, 'My notes');
    const others = reader.page.getByRole('list', { name: 'Notes published by others' });
    await visible(others.getByRole('heading', { name: 'Week one', level: 1 }));
    expect(await others.getByRole('article').allTextContents()).toHaveLength(1);
    expect(await others.getByRole('button').count()).toBe(0);
    await visible(reader.page.getByText('No notes yet'));
    await reader.context.close();

    // Deleting asks first; a cancelled delete keeps the note.
    await labPlan.getByRole('button', { name: 'Delete Lab plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete note?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    await visible(labPlan);
    for (const title of ['Lab plan', 'Hostile']) {
      await noteArticle(page, title).getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('dialog', { name: 'Delete note?' }).getByRole('button', { name: 'Delete note' }).click();
      await hidden(noteArticle(page, title));
    }
    await visible(page.getByText('No notes yet'));
    await page.reload();
    await visible(page.getByText('No notes yet'));
    await context.close();
  });
});

describe('/cloud → Short links', () => {
  it('refuses non-http links, shortens one that redirects to the original, and unknown codes show not found', async () => {
    const { context, page } = await fx.page();
    await signUpByApi(fx, page, newPerson('Grace', 'Hopper'));
    await openCloudTab(fx, page, 'Short links');
    const form = page.getByRole('form', { name: 'Shorten a link' });
    const field = form.getByLabel(/^Link to shorten/);

    const sent = countRequests(page, '/actions/app/ShortLink/action/create');
    await field.fill('ftp://example.org/file.txt');
    await form.getByRole('button', { name: 'Shorten' }).click();
    await visible(form.getByText('Enter a full link starting with http:// or https://'));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toBe(0);

    const original = 'https://example.org/some/page?x=1';
    await field.fill(original);
    await form.getByRole('button', { name: 'Shorten' }).click();
    const result = page.getByRole('region', { name: 'Your short link' });
    const link = result.getByRole('link');
    await visible(link);
    const shortUrl = (await link.textContent()) ?? '';
    expect(shortUrl).toMatch(new RegExp(`^${fx.server.url('app', '/s/').replace(/[.]/g, '\\.')}[A-Za-z0-9]{8}$`));
    expect(await link.getAttribute('href')).toBe(shortUrl);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fx.server.url('app', '') });
    await result.getByRole('button', { name: 'Copy' }).click();
    await visible(result.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    // A client that does not follow redirects sees where the short link leads.
    expect(await fetchWithoutRedirect(fx, shortUrl)).toEqual({ status: 302, location: original });

    // The browser follows a short link for real: one that leads back into the app, since this
    // test must not depend on reaching example.org (route handlers do not see redirected requests).
    const back = fx.server.url('app', '/cloud?tab=links');
    await field.fill(back);
    await form.getByRole('button', { name: 'Shorten' }).click();
    const backLink = result.getByRole('link').filter({ hasNotText: shortUrl });
    await visible(backLink);
    const backShort = (await backLink.textContent()) ?? '';
    expect(backShort).toMatch(/\/s\/[A-Za-z0-9]{8}$/);
    await page.goto(backShort);
    await page.waitForURL(back);
    await visible(page.getByRole('tab', { name: 'Short links', selected: true }));

    const unknown = await page.goto(fx.server.url('app', '/s/ZZZZZZZZ'));
    expect(unknown?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'Link not found' }));
    await context.close();
  });
});
