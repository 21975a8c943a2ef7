/** A game's screens move one way (SPEC §4): only forward, one step at a time, never back. */
export function nextScreen<S extends string>(sequence: readonly S[], current: S): S | null {
  const index = sequence.indexOf(current);
  if (index < 0 || index === sequence.length - 1) return null;
  return sequence[index + 1] ?? null;
}

/** Whether moving from `from` to `to` is allowed: the next screen only. */
export function canMove<S extends string>(sequence: readonly S[], from: S, to: S): boolean {
  return nextScreen(sequence, from) === to;
}
