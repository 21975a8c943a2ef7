import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_IDS } from '@chi/contract';
import { renderWithProviders } from '../../test/render';
import { createI18n } from './i18n';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCookie, languageCookieDomain, readLanguageCookie } from './language';
import { LanguageSwitch } from './language-switch';
import en from './en.json';
import dk from './dk.json';
import legalEn from '../pages/legal/i18n/en.json';
import legalDk from '../pages/legal/i18n/dk.json';

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keys(item, `${prefix}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => keys(item, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

const sortedKeys = (value: unknown) => keys(value).sort();

describe('i18n', () => {
  it('defaults to English', () => {
    expect(createI18n().language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('restores the stored choice and ignores an unknown one', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'dk');
    expect(createI18n().language).toBe('dk');
    expect(document.documentElement.lang).toBe('da');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(createI18n().language).toBe('en');
  });

  it('the Language switch changes the language, keeps the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageSwitch />);
    const select = screen.getByLabelText('Language');
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument();
    await user.selectOptions(select, 'Dansk');
    await waitFor(() => expect(screen.getByLabelText('Sprog')).toHaveValue('dk'));
    expect(i18n.language).toBe('dk');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('dk');
    expect(document.documentElement.lang).toBe('da');
    expect(createI18n().language).toBe('dk');
  });

  it('keeps the choice in a cookie on the base domain too, which wins over this host\'s local storage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitch />);
    await user.selectOptions(screen.getByLabelText('Language'), 'Dansk');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=dk`);
    // Another host of the product: its own local storage says English, the shared cookie Danish.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(createI18n().language).toBe('dk');
  });

  it('shares the cookie on the base domain of the sub-apps, never on a single label or an address', () => {
    expect(languageCookieDomain('delphi.chi.localhost')).toBe('chi.localhost');
    expect(languageCookieDomain('app.research.example.org')).toBe('research.example.org');
    expect(languageCookieDomain('chi.localhost')).toBe('chi.localhost');
    expect(languageCookieDomain('app.localhost')).toBeUndefined();
    expect(languageCookieDomain('localhost')).toBeUndefined();
    expect(languageCookieDomain('127.0.0.1')).toBeUndefined();
    expect(languageCookie('dk', 'app.chi.localhost', false)).toBe('chi_language=dk; Path=/; Max-Age=31536000; SameSite=Lax; Domain=chi.localhost');
    expect(readLanguageCookie('a=b; chi_language=dk')).toBe('dk');
    expect(readLanguageCookie('chi_language=fr')).toBeUndefined();
  });

  it('falls back to English for a key missing in Danish', () => {
    const i18n = createI18n('dk');
    // Fresh objects: adding to a bundle merges into the object given, e.g. an imported JSON file.
    i18n.addResourceBundle('en', 'showcase', { nav: { home: 'Overview' } });
    i18n.addResourceBundle('dk', 'showcase', { nav: {} });
    expect(i18n.getFixedT('dk', 'showcase')('nav.home')).toBe('Overview');
  });

  it('has the same keys in Danish as in English, for the shell, the legal pages and every app', async () => {
    expect(sortedKeys(dk)).toEqual(sortedKeys(en));
    expect(sortedKeys(legalDk)).toEqual(sortedKeys(legalEn));
    for (const app of APP_IDS) {
      const [appEn, appDk] = await Promise.all([import(`../../apps/${app}/i18n/en.json`), import(`../../apps/${app}/i18n/dk.json`)]);
      expect(sortedKeys(appDk.default), app).toEqual(sortedKeys(appEn.default));
    }
  });
});
