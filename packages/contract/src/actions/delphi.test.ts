import { describe, expect, it } from 'vitest';
import { ALL_DESCRIPTORS } from './index';
import * as delphi from './delphi';
import { gamesToComplete } from './delphi-schemas';

describe('delphi descriptors (SPEC §7, issue 4)', () => {
  it('use the spec paths and methods', () => {
    const shapes = Object.fromEntries(delphi.DELPHI_DESCRIPTORS.map((d) => [d.name, `${d.method} ${d.path}`]));
    expect(shapes).toEqual({
      INIT_STUDY_SUITE: 'POST /actions/delphi/Suite/action/initStudySuite',
      INIT_LOCAL_SUITE: 'POST /actions/delphi/Suite/action/initLocalSuite',
      GET_GAME_SCORES: 'POST /actions/delphi/Suite/action/getGameScores',
      START_GAME: 'POST /actions/delphi/Game/action/startGame',
      END_GAME: 'POST /actions/delphi/Game/action/endGame/:id',
      START_ROUND: 'POST /actions/delphi/Round/action/startRound',
      END_ROUND: 'POST /actions/delphi/Round/action/endRound',
      LOG_PROMPT: 'POST /actions/delphi/Prompt/action/logPrompt',
      LOG_RECORDS: 'POST /actions/delphi/Record/action/logBatch',
      LOG_RESPONSE: 'POST /actions/delphi/Response/action/logResponse',
      LIST_PARTICIPANTS: 'POST /actions/delphi/Participant/action/list',
      EXCLUDE_PARTICIPANT: 'POST /actions/delphi/Participant/action/exclude',
      UNDO_EXCLUSION: 'POST /actions/delphi/Participant/action/include',
      LIST_EXCLUSIONS: 'POST /actions/delphi/Participant/action/exclusions',
      LIST_FILES: 'POST /actions/delphi/File/action/list',
      GENERATE_FILE: 'POST /actions/delphi/File/action/generate',
      DOWNLOAD_FILE: 'GET /actions/delphi/File/action/download/:id',
      LOG_EVENT: 'POST /actions/delphi/Event/action/logEvent',
      GET_FUNNEL: 'POST /actions/delphi/Participant/action/funnel',
      GET_TIMELINE: 'POST /actions/delphi/Participant/action/timeline',
      RELEASE_SUITE: 'POST /actions/delphi/Participant/action/release',
    });
    for (const d of delphi.DELPHI_DESCRIPTORS) expect(ALL_DESCRIPTORS).toContain(d);
  });

  it('keep the researchers’ data for logged-in accounts (the study level is checked on the server, ADR 074) and the participant calls public', () => {
    const access = Object.fromEntries(delphi.DELPHI_DESCRIPTORS.map((d) => [d.name, d.access]));
    for (const name of ['LIST_PARTICIPANTS', 'EXCLUDE_PARTICIPANT', 'UNDO_EXCLUSION', 'LIST_EXCLUSIONS', 'LIST_FILES', 'GENERATE_FILE', 'DOWNLOAD_FILE', 'GET_FUNNEL', 'GET_TIMELINE', 'RELEASE_SUITE']) expect(access[name]).toBe('read');
    for (const name of ['INIT_LOCAL_SUITE', 'START_GAME', 'LOG_RESPONSE', 'GET_GAME_SCORES', 'LOG_EVENT']) expect(access[name]).toBe('public');
  });

  it('validate participant ids, client ids and times', () => {
    expect(delphi.initLocalSuite.input.parse({ _participantId: ' P_1 ' })).toEqual({ _participantId: 'P_1', resetParticipantForTesting: false });
    expect(delphi.initLocalSuite.input.safeParse({ _participantId: '_x' }).error?.issues[0]?.message).toBe('A valid participant id is required');
    expect(delphi.clientIdSchema.safeParse('a/b').success).toBe(false);
    expect(delphi.epochMsSchema.safeParse(0).success).toBe(false);
    expect(delphi.epochMsSchema.parse(1_700_000_000_000.123)).toBe(1_700_000_000_000.123);
    const response = delphi.logResponse.input.parse({ participant: 'p', suite: 's', game: 'g', _clientId: 'c', _respondedAt: 1 });
    expect(response).toMatchObject({ response: null, attributes: {} });
  });

  it('keep the input modality of a response and the reason a game ended (issue 18)', () => {
    const base = { participant: 'p', suite: 's', game: 'g', _clientId: 'c', _respondedAt: 1 };
    expect(delphi.logResponse.input.parse({ ...base, modality: 'touch' }).modality).toBe('touch');
    expect(delphi.logResponse.input.safeParse({ ...base, modality: 'voice' }).error?.issues[0]?.message).toBe('modality must be key, touch, mouse or pen');
    const end = { participant: 'p', suite: 's', timestamp: 1, _clientId: 'c' };
    expect(delphi.endGame.input.parse(end).reason).toBe('completed');
    expect(delphi.endGame.input.parse({ ...end, reason: 'interrupted' }).reason).toBe('interrupted');
    expect(delphi.endGame.input.safeParse({ ...end, reason: 'bored' }).error?.issues[0]?.message).toBe("reason must be 'completed' or 'interrupted'");
  });

  it('name the six games and the export columns', () => {
    expect(delphi.GAME_NAMES).toEqual(['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo']);
    expect(delphi.isGameName('QuizTime')).toBe(true);
    expect(delphi.isGameName('quiztime')).toBe(false);
    expect(delphi.EXPORT_COLUMNS.join(',')).toBe(
      'participantId,suiteId,study,studyVersion,run,game,gameId,round,roundId,promptId,prompt,response,correctAnswer,isCorrect,promptedAt,respondedAt,rtMs,anticipation,frameIntervalMs,category,questionIndex,receivedAt,modality,gameStatus,excluded,attentionEvents,hiddenMs,attributes',
    );
    expect(delphi.DELPHI_ERRORS.gameAlreadyPlayed).toEqual({ name: 'Game Error', message: 'This game has already been played.', code: 409 });
  });
});

describe('gamesToComplete', () => {
  const optional = (game: { optional: boolean }) => game.optional;
  it('is the games that are not optional', () => {
    const games = [{ name: 'QuizTime', optional: false }, { name: 'WordLinks', optional: true }, { name: 'MimeMix', optional: false }];
    expect(gamesToComplete(games, optional).map((game) => game.name)).toEqual(['QuizTime', 'MimeMix']);
  });
  it('is every game when all are optional: such a suite is not complete before anything was played', () => {
    const games = [{ name: 'WordLinks', optional: true }];
    expect(gamesToComplete(games, optional).map((game) => game.name)).toEqual(['WordLinks']);
    expect(gamesToComplete([], optional)).toEqual([]);
  });
});
