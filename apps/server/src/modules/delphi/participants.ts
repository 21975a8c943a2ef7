/** The /Data page's participant list: one page of suites, their games and response counts. */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from './delphi-db';
import { exclusionState } from './quality/exclusions';
import { gameFigures } from './quality/quality-figures';
import { qualityFlags } from './quality/quality-rules';
import { runOf, suiteCondition } from './studies/data-scope';
import type { DataScope } from './studies/data-scope';

type Input = z.output<typeof delphi.listParticipants.input>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** LIKE treats % and _ as wildcards; a participant id may contain _, so it is escaped. */
function likePattern(filter: string): string {
  return `%${filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the scope's participants (ADR 074) with their games, response counts, exclusions and quality flags (ADR 025). */
export async function listParticipants(db: Db, input: Input, scope: DataScope, now: Date): Promise<{ participants: delphi.ParticipantRecord[]; total: number }> {
  let query = db.selectFrom('delphi_suites').where(suiteCondition(scope));
  if (input.filter !== '') {
    // SQLite has no default LIKE escape character, so it is named for both dialects.
    query = query.where(sql<boolean>`lower(participant_id) like ${likePattern(input.filter)} escape '\\'`);
  }
  const [suites, count] = await Promise.all([
    query
      .select(['id', 'participant_id', 'created_at', 'preview', 'pilot', 'study_version'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(input.offset)
      .limit(input.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = suites.map((s) => s.id);
  const [exclusions, figures] = await Promise.all([exclusionState(db, ids), gameFigures(db, ids)]);
  const games = ids.length === 0
    ? []
    : await db.selectFrom('delphi_games').select(['id', 'suite_id', 'game_name', 'start_timestamp', 'ended_at', 'status']).where('suite_id', 'in', ids).execute();
  // Every stored input of the game, anticipations too (the kept figures count both).
  const responseCount = new Map([...figures].map(([gameId, f]) => [gameId, f.responses + f.anticipations]));

  const participants = suites.map((suite): delphi.ParticipantRecord => {
    const own = new Map(games.filter((g) => g.suite_id === suite.id).map((g) => [g.game_name, g]));
    const gameRecords = delphi.GAME_NAMES.map((gameName) => {
      const game = own.get(gameName);
      const excluded = exclusions.gameExcluded(suite.id, gameName);
      if (!game) return { gameName, state: 'toPlay' as const, ended: false, status: null, startedAt: null, endedAt: null, responses: 0, excluded };
      return {
        excluded,
        gameName,
        state: 'played' as const,
        gameId: game.id,
        ended: game.ended_at !== null,
        status: game.status,
        startedAt: iso(game.start_timestamp),
        endedAt: iso(game.ended_at),
        responses: responseCount.get(game.id) ?? 0,
      };
    });
    return {
      participantId: suite.participant_id,
      suiteId: suite.id,
      createdAt: suite.created_at,
      run: runOf(suite),
      studyVersion: Number(suite.study_version),
      games: gameRecords,
      responses: gameRecords.reduce((sum, g) => sum + g.responses, 0),
      excluded: exclusions.participantExcluded(suite.id),
      flags: gameRecords.flatMap((g) => {
        const figure = g.gameId === undefined ? undefined : figures.get(g.gameId);
        return figure ? qualityFlags(figure, now.getTime()) : [];
      }),
    };
  });
  return { participants, total: Number(count.count) };
}
