/**
 * What a delphi game brings to the suite (ADR 069): its name (its declaration in the contract,
 * ADR 064), its hub tile, the lazy chunk of its screens (ADR 004) and its routes, whose screens load from that
 * chunk. Each game's folder has one such entry (`games/<game>/<game>-entry.ts`); the suite lists
 * them once (`delphi-games.ts`).
 */
import type { delphi } from '@chi/contract';
import type { AppRoute } from '../../../shell/routing/app-module';
import type { Chunk } from '../../../ui/lazy-with-retry';
import type en from '../i18n/en.json';

/** A game's key in the suite's texts (`games.<key>.name`, `games.<key>.duration`). */
export type GameTextKey = keyof (typeof en)['games'];

export interface DelphiGame<N extends delphi.GameName = delphi.GameName> {
  readonly name: N;
  /** The hub's tile: its texts under `games.<key>` and the time estimate the hub adds up ("About N minutes"). */
  readonly hub: { readonly key: GameTextKey; readonly minutes: number };
  /** The game's screens: its routes load from it, and the hub loads it ahead of the tap on Play (ADR 061). */
  readonly chunk: Chunk<unknown>;
  /** Paths and names as SPEC §2 has them; e2e tests navigate by them. */
  readonly routes: readonly AppRoute[];
}
