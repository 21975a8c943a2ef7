/** A study as GET_STUDY answers it (id st-1, slug alpha), with `games` in that order: for tests of pages that read a study's games. */
import type { delphi } from '@chi/contract';

export function studyWithGames(games: readonly delphi.GameName[]): delphi.Study {
  return {
    id: 'st-1', slug: 'alpha', name: 'Alpha', status: 'open', version: 1, games: games.map((game) => ({ game, settings: {} })), order: 'fixed',
    languages: ['en'], defaultLanguage: 'en', consentMarkdown: '', consentTranslations: {}, consentVersion: 0, endPageMarkdown: '', endPageTranslations: {}, completionRedirect: null, declineRedirect: null,
    completionCode: null, targetSample: null, devices: { phoneAllowed: true, keyboardNeeded: false, microphoneNeeded: false }, participantParam: 'participantId',
    keptParams: [], createdAt: '2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z', access: 'review',
  };
}
