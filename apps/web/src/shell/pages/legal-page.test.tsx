import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { LegalPage } from './legal-page';

/** Issue 25 item 17: the privacy page says what is stored, as "download my data" shows it. */
describe('the privacy policy lists what is stored about a person', () => {
  it.each([
    ['en', 'What we store', ['every question you ask', 'chat threads', 'vector stores, files', 'person card', 'short links', 'notes']],
    ['dk', 'Hvad vi gemmer', ['hvert spørgsmål, du stiller', 'samtaletråde', 'vektorlagre, filer', 'personkort', 'korte links', 'noter']],
  ] as const)('%s', async (language, heading, phrases) => {
    renderWithProviders(<LegalPage document="privacy" />, { language });
    const section = (await screen.findByRole('heading', { level: 2, name: heading })).closest('section');
    for (const phrase of phrases) expect(section).toHaveTextContent(phrase);
  });

  it('says what forgetting deletes, published assistants included', async () => {
    renderWithProviders(<LegalPage document="privacy" />);
    const rights = (await screen.findByRole('heading', { level: 2, name: 'Your rights' })).closest('section');
    expect(rights).toHaveTextContent('your assistants (published ones too), chat threads, files');
  });
});
