import { Checkbox, Group, NumberInput } from '@mantine/core';

const DAY_MS = 86_400_000;

/** A keyed session's key settings as a form holds them (a NumberInput's value is a number or ''). */
export interface KeyValidity {
  readonly days: number | string;
  readonly maxUses: number | string;
  readonly signUpOpen: boolean;
}

export interface KeyValidityTexts {
  readonly validDays: string;
  readonly maxUses: string;
  readonly maxUsesHint: string;
  readonly signUpOpen: string;
}

/** Whole days from now, at least one. */
export function validDays(value: KeyValidity): boolean {
  return typeof value.days === 'number' && value.days >= 1;
}

/** The create call's key fields: when the key expires, how many people it admits, whether sign-up is open. */
export function keyValidityInput(value: KeyValidity, now = Date.now()): { expiresAt: string; maxUses: number | null; signUpOpen: boolean } {
  return {
    expiresAt: new Date(now + Number(value.days) * DAY_MS).toISOString(),
    maxUses: value.maxUses === '' ? null : Number(value.maxUses),
    signUpOpen: value.signUpOpen,
  };
}

/** How long the key is valid, how many may use it, and whether people may sign up for a personal key. */
export function KeyValidityFields({ value, onChange, texts }: { value: KeyValidity; onChange: (change: Partial<KeyValidity>) => void; texts: KeyValidityTexts }) {
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput label={texts.validDays} min={1} max={3650} value={value.days} onChange={(days) => onChange({ days })} required miw={140} />
        <NumberInput label={texts.maxUses} description={texts.maxUsesHint} min={1} value={value.maxUses} onChange={(maxUses) => onChange({ maxUses })} miw={140} />
      </Group>
      <Checkbox label={texts.signUpOpen} checked={value.signUpOpen} onChange={(e) => onChange({ signUpOpen: e.currentTarget.checked })} />
    </>
  );
}
