import './shell/styles/first-paint-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appIdFromHost } from '@chi/contract';
import { Providers, Shell } from './shell/root';
import { currentLanguage, i18n } from './shell/i18n/i18n';
import { htmlLang } from './shell/i18n/language';

document.documentElement.lang = htmlLang(currentLanguage(i18n));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Not render-blocking: nothing on a home's first paint needs it (see later-styles.ts).
void import('./shell/styles/later-styles');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <Shell appId={appIdFromHost(window.location.host)} />
    </Providers>
  </StrictMode>,
);
