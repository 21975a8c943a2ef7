/** For tests of /Data's parts: the texts the page has loaded (the game names of the suite's namespace, and the data page's own). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import suiteEn from '../apps/delphi/i18n/en.json';
import suiteDk from '../apps/delphi/i18n/dk.json';
import { useDataNamespace } from '../apps/delphi/research-data/i18n/data-namespace';

/** The suite's namespace (game names, as the hub names them). */
export function SuiteTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'delphi')) {
    i18n.addResourceBundle('en', 'delphi', suiteEn);
    i18n.addResourceBundle('dk', 'delphi', suiteDk);
  }
  return <>{children}</>;
}

/** The suite's namespace and the data page's. */
export function DataTexts({ children }: { children: ReactNode }) {
  useDataNamespace();
  return <SuiteTexts>{children}</SuiteTexts>;
}
