/** The SPEC §8 catalogue messages (and the client's own "out of date") arrive in English from the API layer; show them in the chosen language. */
import { ERRORS } from '@chi/contract';
import type { TFunction } from 'i18next';
import { OUTDATED_PAGE } from '../api/errors';

export function translateErrorMessage(t: TFunction, message: string): string {
  switch (message) {
    case ERRORS.unauthorized.message:
      return t('errors.notAllowed');
    case ERRORS.notFound.message:
      return t('errors.notFound');
    case ERRORS.serverError.message:
      return t('errors.serverError');
    case ERRORS.unavailable.message:
      return t('errors.unavailable');
    case OUTDATED_PAGE.message:
      return t('errors.outdated');
    default:
      return message;
  }
}

/** The label of an action for `<action> Error`: its translation, or else the descriptor name. */
export function actionLabel(t: TFunction, action: string): string {
  const labels: Record<string, string> = t('actions', { returnObjects: true });
  return labels[action] ?? action;
}
