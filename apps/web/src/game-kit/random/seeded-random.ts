/** Seeded randomness for every game (delphi and the showcase): the same seed always gives the same sequence. */

/** mulberry32: small, fast and good enough for shuffling stimuli. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates, in place. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Fisher–Yates on a copy: the items stay as they were. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  return shuffle([...items], random);
}

/** A fresh 32-bit seed from the platform's cryptographic randomness. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}
