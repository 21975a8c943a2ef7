/** A researcher's view of the Delphi export, and Quiz Time answered from a given question on (the durability specs). */
import type { Browser, Frame, Page } from 'playwright-core';
import { REQUEST_COOLDOWN_MS } from '@chi/contract';
import { newPage } from './browser';
import { exportCsv, openDataAsResearcher } from './delphi-play';
import { visible } from './fixture';

export interface Researcher {
  readonly email: string;
  readonly password: string;
}

export interface DelphiData {
  /** The researcher's CSV rows of one participant. */
  rowsOf(participantId: string): Promise<Record<string, string>[]>;
  /** Exports again until at least `expected` rows are there (records still on their way), then returns them. */
  rowsWhenArrived(participantId: string, expected: number): Promise<Record<string, string>[]>;
}

/** `delphiUrl`: the delphi host's URL of a path; each call logs the researcher in on /Data in a fresh context. */
export function delphiData(browser: Browser, delphiUrl: (path: string) => string, researcher: Researcher): DelphiData {
  async function open(): Promise<{ close: () => Promise<void>; rowsOf: (participantId: string) => Promise<Record<string, string>[]> }> {
    const { context, page } = await newPage(browser);
    await openDataAsResearcher(page, delphiUrl, researcher);
    return {
      close: () => context.close(),
      rowsOf: async (participantId) => (await exportCsv(page)).filter((row) => row.participantId === participantId),
    };
  }
  return {
    async rowsOf(participantId) {
      const data = await open();
      const rows = await data.rowsOf(participantId);
      await data.close();
      return rows;
    },
    async rowsWhenArrived(participantId, expected) {
      const data = await open();
      for (let attempt = 0; ; attempt++) {
        const rows = await data.rowsOf(participantId);
        if (rows.length >= expected || attempt === 12) {
          await data.close();
          return rows;
        }
        // Past the client's cooldown, in which a repeated identical call is answered by the last one.
        await new Promise((resolve) => setTimeout(resolve, REQUEST_COOLDOWN_MS + 500));
      }
    },
  };
}

/** The question indexes of one game's rows, in order. */
export function questionIndexes(rows: Record<string, string>[], game: string): number[] {
  return rows
    .filter((row) => row.game === game)
    .map((row) => Number(row.questionIndex))
    .sort((a, b) => a - b);
}

/** Answers Quiz Time's questions `from` to `to` (exclusive) of a game already started. */
export async function answerQuiz(surface: Page | Frame, from: number, to: number): Promise<number> {
  for (let i = from; i < to; i++) {
    await visible(surface.getByText(`Question ${i + 1} of 30`, { exact: true }));
    await surface.getByRole('main').getByRole('group').getByRole('button').nth(i % 4).click({ timeout: 10_000 });
  }
  return to - from;
}
