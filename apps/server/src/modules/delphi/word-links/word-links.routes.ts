/**
 * Word Links calls (issue 12): semantic distance (single and batch) and the word check. The
 * lexicon loads on the first call (or at start, see registerWordLinkRoutes), never per call.
 */
import type { FastifyInstance } from 'fastify';
import { wordLinks } from '@chi/contract';
import { validationError } from '../../../http/app-error';
import { registerHandler } from '../../../http/registrar';
import type { Database } from '../../../db/database';
import { loadLexicon } from './lexicon';
import { listWordLinksPlays } from './word-links-plays';
import type { Lexicon } from './lexicon';
import { dataScope } from '../studies/data-scope';

function unknownWord(field: string, word: string) {
  return validationError(`${field}: '${word}' has no word vector (not a common English noun the game knows).`);
}

function lemmaOrFail(lexicon: Lexicon, field: string, word: string): string {
  const lemma = lexicon.lemmaOf(word);
  if (lemma === undefined) throw unknownWord(field, word);
  return lemma;
}

/** Two decimals: the vectors are Float32, so more digits would only be noise. */
const round2 = (value: number) => Math.round(value * 100) / 100;

export interface WordLinkRoutesOptions {
  readonly database: Database;
  /** Load the lexicon when the server is ready rather than on the first call (main server). */
  readonly warmUp: boolean;
}

export function registerWordLinkRoutes(app: FastifyInstance, options: WordLinkRoutesOptions): void {
  registerHandler(app, wordLinks.gloveSemanticDistance, async (input) => {
    const lexicon = await loadLexicon();
    const a = lemmaOrFail(lexicon, 'word1', input.word1);
    const b = lemmaOrFail(lexicon, 'word2', input.word2);
    return { word1: a, word2: b, level: input.level, distance: round2(lexicon.distance(a, b)) };
  });

  registerHandler(app, wordLinks.gloveSemanticDistances, async (input) => {
    const lexicon = await loadLexicon();
    const lemmas = input.words.map((word, i) => lemmaOrFail(lexicon, `words[${i}]`, word));
    const matrix = lemmas.map((a, i) => lemmas.map((b, j) => (i === j ? 0 : round2(lexicon.distance(a, b)))));
    return { words: lemmas, level: input.level, matrix };
  });

  registerHandler(app, wordLinks.checkWord, async (input) => {
    const lexicon = await loadLexicon();
    const result = lexicon.check(input.word, input.startWord, input.previous);
    const distance = result.distance === undefined ? {} : { distance: round2(result.distance) };
    if (result.accepted) {
      const start = lexicon.lemmaOf(input.startWord);
      const others = [start, ...input.previous.map((p) => lexicon.lemmaOf(p))];
      // Every earlier word was accepted, so each has a vector; a start word without one counts as unrelated.
      const distances = others.map((other) => (other === undefined ? 100 : round2(lexicon.distance(result.lemma, other))));
      return { accepted: true, word: result.word, lemma: result.lemma, ...distance, distances };
    }
    return {
      accepted: false,
      word: result.word,
      ...(result.lemma === undefined ? {} : { lemma: result.lemma }),
      reason: result.reason,
      message: wordLinks.refusalMessage(result.reason),
      ...distance,
    };
  });

  registerHandler(app, wordLinks.listPlays, async (input, { request }) =>
    listWordLinksPlays(options.database.db, await dataScope(options.database.db, request.user, input), input.offset, input.pageSize),
  );

  if (options.warmUp) {
    app.addHook('onReady', async () => {
      // Not awaited: the server answers other calls while a first-ever conversion runs.
      loadLexicon().catch((error: unknown) => app.log.error({ err: error }, 'word links lexicon failed to load'));
    });
  }
}
