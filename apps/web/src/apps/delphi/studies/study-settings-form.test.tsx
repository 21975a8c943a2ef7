/**
 * The study settings: the consent and end page in each other language the study offers (ADR 079).
 * A field per offered language besides the default, sent as that language's text; a server 400
 * about the translations is shown at them; in Danish too.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderWithProviders } from '../../../test/render';
import { studyWithGames } from '../../../test/study-fixture';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { StudySettingsForm } from './study-settings-form';

function bilingual(fields: Partial<delphi.Study> = {}): delphi.Study {
  return { ...studyWithGames(['FlashMatch']), status: 'draft', access: 'own', languages: ['en', 'dk'], consentMarkdown: 'I agree to take part.', consentVersion: 1, ...fields };
}

function Form({ study }: { study: delphi.Study }) {
  useStudiesNamespace();
  return <StudySettingsForm study={study} onSaved={() => undefined} />;
}

/** The server answers UPDATE_STUDY with `answer(update)`; the updates sent are returned. */
function stubServer(answer: (update: Record<string, unknown>) => { status: number; body: unknown }) {
  const updates: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      const { update } = JSON.parse(String(init?.body)) as { update: Record<string, unknown> };
      updates.push(update);
      const { status, body } = answer(update);
      return jsonResponse(status, body);
    }),
  );
  return updates;
}


describe('study settings: texts in other languages', () => {
  it('offers a Danish consent and end page beside the English default and sends what is written', async () => {
    const updates = stubServer((update) => ({ status: 200, body: { study: bilingual({ consentTranslations: update.consentTranslations as delphi.LanguageTexts, consentVersion: 2 }) } }));
    renderWithProviders(<Form study={bilingual()} />);
    const user = userEvent.setup();
    const danish = await screen.findByRole('textbox', { name: 'Consent page in Danish (Markdown)' });
    expect(danish).toHaveAccessibleDescription(expect.stringContaining('participants who see the study in Danish'));
    expect(screen.getByRole('textbox', { name: 'End page in Danish (Markdown)' })).toHaveValue('');
    // The default language has no field of its own: the main text is for it.
    expect(screen.queryByRole('textbox', { name: 'Consent page in English (Markdown)' })).toBeNull();
    await user.click(danish);
    await user.paste('Jeg vil gerne deltage.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(updates[0]).toMatchObject({ consentMarkdown: 'I agree to take part.', consentTranslations: { dk: 'Jeg vil gerne deltage.' }, endPageTranslations: {} });
  });

  it('shows no field for a language the study does not offer, and the server’s reason at the translations', async () => {
    stubServer(() => ({ status: 400, body: { Error: { name: 'Validation Error', message: 'consentTranslations: write the consent text first; a translation is shown in its place' } } }));
    renderWithProviders(<Form study={bilingual({ consentMarkdown: '', consentVersion: 0, consentTranslations: { dk: 'Kun på dansk' } })} />);
    const user = userEvent.setup();
    const danish = await screen.findByRole('textbox', { name: 'Consent page in Danish (Markdown)' });
    expect(danish).toHaveValue('Kun på dansk');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(danish).toHaveAccessibleDescription(expect.stringContaining('write the consent text first')));
    await user.click(screen.getByRole('checkbox', { name: 'Dansk' }));
    expect(screen.queryByRole('textbox', { name: 'Consent page in Danish (Markdown)' })).toBeNull();
  });

  it('names the fields in Danish on a Danish page', async () => {
    stubServer(() => ({ status: 500, body: {} }));
    renderWithProviders(<Form study={bilingual({ defaultLanguage: 'dk' })} />, { language: 'dk' });
    expect(await screen.findByRole('textbox', { name: 'Samtykkeside på engelsk (Markdown)' })).toHaveAccessibleDescription(expect.stringContaining('ser studiet på engelsk'));
    expect(screen.getByRole('textbox', { name: 'Slutside på engelsk (Markdown)' })).toBeInTheDocument();
  });
});
