/** Every Account call (SPEC §7, issue 3) on its descriptor. */
import type { FastifyInstance } from 'fastify';
import { account } from '@chi/contract';
import { registerHandler } from '../../http/registrar';
import { endSession } from '../session/session.service';
import type { AccountDeps } from './account-deps';
import { getUser, listAssetUsers, listUsers, setAppAdmin } from './account-admin.service';
import { exportMyData, forgetAboutMe } from './account-data.service';
import {
  activateNewEmail,
  confirmChangeEmail,
  mailSelfLink,
  requestAccount,
  requestChangeEmail,
} from './account-mail.service';
import { defineResetMailJob, requestResetPassword } from './reset-mail.job';
import { activateAccount, changePassword, login, resetPassword, resumeSession, verifyToken } from './account.service';
import { setProfileImage } from './profile-image.service';
import { updateProfile } from './account-profile.service';
import { registerAccountPersonData } from './account-person-data';

const SENT = { _status: 'sent' } as const;

export function registerAccountRoutes(app: FastifyInstance, deps: AccountDeps): void {
  defineResetMailJob(deps.jobs, deps);
  registerAccountPersonData(deps.userData);
  registerHandler(app, account.list, (input) => listUsers(deps, input));
  registerHandler(app, account.get, (_input, { request, id }) => getUser(deps, request, id));
  registerHandler(app, account.listAssetUsers, (input, { request }) => listAssetUsers(deps, input, request));
  registerHandler(app, account.setAppAdmin, (input, { id }) => setAppAdmin(deps, input.isAppAdmin, id));

  registerHandler(app, account.login, (input, { request, reply }) => login(deps, input, request, reply));
  registerHandler(app, account.logout, async (_input, { request, reply }) => {
    await endSession(deps, request, reply);
    return { _status: 'loggedOut' };
  });
  registerHandler(app, account.resumeSession, (_input, { request }) => resumeSession(deps, request));
  registerHandler(app, account.setProfileImage, (input, { request }) => setProfileImage(deps, input, request));
  registerHandler(app, account.updateProfile, (input, { request, id }) => updateProfile(deps, input, request, id));
  registerHandler(app, account.changePassword, async (input, { request, id }) => {
    await changePassword(deps, input, request, id);
    return { _status: 'changed' };
  });
  registerHandler(app, account.activateAccountWithToken, (input, { request, reply }) => activateAccount(deps, input, request, reply));
  registerHandler(app, account.verifyToken, (input) => verifyToken(deps, input));
  registerHandler(app, account.resetPasswordWithToken, async (input) => {
    await resetPassword(deps, input);
    return { _status: 'reset' };
  });

  registerHandler(app, account.requestAccount, async (input, { request }) => {
    await requestAccount(deps, input, request);
    return SENT;
  });
  registerHandler(app, account.requestResetPassword, async (input, { request }) => {
    await requestResetPassword(deps, input, request);
    return SENT;
  });
  registerHandler(app, account.requestChangeEmail, async (input, { request, id }) => {
    await requestChangeEmail(deps, input, request, id);
    return SENT;
  });
  registerHandler(app, account.confirmChangeEmail, async (input, { request }) => {
    await confirmChangeEmail(deps, input, request);
    return SENT;
  });
  registerHandler(app, account.activateNewEmail, async (input) => ({ _status: 'changed', _email: await activateNewEmail(deps, input) }));
  registerHandler(app, account.forgetMe, async (input, { request, id }) => {
    await mailSelfLink(deps, 'forgetAboutMe', input._redirectTo, request, id);
    return SENT;
  });
  registerHandler(app, account.requestDownloadMyData, async (input, { request, id }) => {
    await mailSelfLink(deps, 'downloadMyData', input._redirectTo, request, id);
    return SENT;
  });
  registerHandler(app, account.confirmDownloadMyData, (input) => exportMyData(deps, input.downloadMyDataToken));
  registerHandler(app, account.confirmForgetAboutMe, async (input, { request, reply }) => {
    await forgetAboutMe(deps, input.forgetAboutMeToken, request, reply);
    return { _status: 'forgotten' };
  });
}
