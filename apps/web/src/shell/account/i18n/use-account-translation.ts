/**
 * The `account` namespace: texts of the login, register, session-key, person and admin forms.
 * It travels with those lazy forms (not in the entry chunk) and registers itself on first use.
 */
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import en from './en.json';
import dk from './dk.json';

const dkChecked: typeof en = dk;

export function addAccountResources(instance: I18n): void {
  if (instance.hasResourceBundle('en', 'account')) return;
  instance.addResourceBundle('en', 'account', en, true, true);
  instance.addResourceBundle('dk', 'account', dkChecked, true, true);
}

export function useAccountTranslation() {
  const { i18n } = useTranslation();
  addAccountResources(i18n);
  return useTranslation('account');
}
