/** Chunk `chi-app`: accounts and login. Every page but the home loads on demand. */
import { Outlet } from 'react-router';
import type { AppModule } from '../../shell/routing/app-module';
import { lazyPage } from '../../ui/lazy-page';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { AppHome } from './home';

const dkChecked: typeof en = dk;

const tokens = () => import('./tokens/activate-account-page');
const emails = () => import('./tokens/email-change-pages');
const myData = () => import('./tokens/my-data-pages');

export const appModule: AppModule = {
  id: 'app',
  Home: AppHome,
  Layout: Outlet,
  routes: [
    { name: 'cloud', path: '/cloud', Component: lazyPage(() => import('./cloud-page').then((m) => m.CloudPage)), requiresLogin: true },
    { name: 'activateAccount', path: '/activateAccount/:activateAccountToken', Component: lazyPage(() => tokens().then((m) => m.ActivateAccountPage)) },
    {
      name: 'activateAcademicAccount',
      path: '/activateAcademicAccount/:activateAccountToken',
      Component: lazyPage(() => tokens().then((m) => m.ActivateAcademicAccountPage)),
    },
    {
      name: 'resetPassword',
      path: '/resetPassword/:resetPasswordToken',
      Component: lazyPage(() => import('./tokens/reset-password-page').then((m) => m.ResetPasswordPage)),
    },
    { name: 'changeAccountEmail', path: '/changeAccountEmail/:changeAccountEmailToken', Component: lazyPage(() => emails().then((m) => m.ChangeAccountEmailPage)) },
    { name: 'activateNewEmail', path: '/activateNewEmail/:activateNewEmailToken', Component: lazyPage(() => emails().then((m) => m.ActivateNewEmailPage)) },
    { name: 'downloadMyData', path: '/downloadMyData/:downloadMyDataToken', Component: lazyPage(() => myData().then((m) => m.DownloadMyDataPage)) },
    { name: 'forgetAboutMe', path: '/forgetAboutMe/:forgetAboutMeToken', Component: lazyPage(() => myData().then((m) => m.ForgetAboutMePage)) },
  ],
  nav: [
    { to: '/', label: (t) => t('nav.home', { ns: 'app' }) },
    { to: '/cloud', label: (t) => t('nav.account', { ns: 'app' }) },
  ],
  resources: { en, dk: dkChecked },
};
