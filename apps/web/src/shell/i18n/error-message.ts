/** The SPEC §8 catalogue messages (and the client's own "out of date") arrive in English from the API layer; show them in the chosen language. */
import { DEFAULT_LANGUAGE, ERRORS } from '@chi/contract';
import type { i18n as I18n, TFunction } from 'i18next';
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

/**
 * The label of an action for `<action> Error`, in the page's language. Each area keeps the labels of the
 * actions it calls under `actionLabels` in its own texts (loaded before it can call them); the shell keeps
 * the shared ones. A test requires one label per descriptor, in both languages. Else the descriptor name.
 */
export function actionLabel(i18n: I18n, action: string): string {
  return labelIn(i18n, i18n.language, action) ?? labelIn(i18n, DEFAULT_LANGUAGE, action) ?? action;
}

function labelIn(i18n: I18n, language: string, action: string): string | undefined {
  for (const namespace of Object.keys(i18n.store.data[language] ?? {})) {
    const label: unknown = i18n.getResource(language, namespace, `actionLabels.${action}`);
    if (typeof label === 'string') return label;
  }
  return undefined;
}
