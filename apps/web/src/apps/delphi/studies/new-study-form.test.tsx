/**
 * New study: an empty name or a slug the contract refuses is shown at its field, in the page's
 * language, before anything is sent (the server's English message "slug: slug: …" was all a
 * Danish researcher saw, and the empty name was not marked).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { NewStudyForm } from './new-study-form';

function Form() {
  useStudiesNamespace();
  return <NewStudyForm opened onClose={() => undefined} />;
}

function stubServer() {
  const fetchMock = vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(409, {})));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([url]) => url !== '/api/v1/config').length;
}

afterEach(() => vi.unstubAllGlobals());

describe('New study', () => {
  it('marks an empty name and a bad slug at their fields and sends nothing', async () => {
    const sent = stubServer();
    renderWithProviders(<Form />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Link name (slug)' }), '-pilot');
    await user.click(screen.getByRole('button', { name: 'Create study' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(expect.stringContaining('Give the study a name.'));
    expect(screen.getByRole('textbox', { name: 'Link name (slug)' })).toHaveAccessibleDescription(expect.stringContaining('not starting or ending with a hyphen'));
    expect(sent()).toBe(0);
  });

  it('says so in Danish on a Danish page', async () => {
    stubServer();
    renderWithProviders(<Form />, { language: 'dk' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Opret undersøgelse' }));

    expect(screen.getByRole('textbox', { name: 'Navn' })).toHaveAccessibleDescription(expect.stringContaining('Giv undersøgelsen et navn.'));
    expect(screen.getByRole('textbox', { name: 'Linknavn (slug)' })).toHaveAccessibleDescription(expect.stringContaining('Brug 1–60 små bogstaver'));
  });

  it('makes the slug from the name until the researcher writes their own', async () => {
    stubServer();
    renderWithProviders(<Form />, { language: 'dk' });
    const user = userEvent.setup();
    const slug = await screen.findByRole('textbox', { name: 'Linknavn (slug)' });
    await user.type(screen.getByRole('textbox', { name: 'Navn' }), 'Forårspilot 2027');
    expect(slug).toHaveValue('foraarspilot-2027');

    await user.clear(slug);
    await user.type(slug, 'pilot-a');
    await user.type(screen.getByRole('textbox', { name: 'Navn' }), ' B');
    expect(slug).toHaveValue('pilot-a');
  });

  it('sends a named study with a good slug', async () => {
    const sent = stubServer();
    renderWithProviders(<Form />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Spring pilot');
    await user.type(screen.getByRole('textbox', { name: 'Link name (slug)' }), 'spring-pilot');
    await user.click(screen.getByRole('button', { name: 'Create study' }));
    await vi.waitFor(() => expect(sent()).toBe(1));
  });
});
