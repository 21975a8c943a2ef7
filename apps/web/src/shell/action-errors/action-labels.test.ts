/**
 * Every action of the API has a label for its `<action> Error` box, in English and Danish, kept once:
 * in the texts of the area that calls it, or the shell's for shared ones (see `actionLabel`).
 */
import { describe, expect, it } from 'vitest';
import { ALL_DESCRIPTORS } from '@chi/contract';

type Texts = { actionLabels?: Record<string, string> };
const english = import.meta.glob<Texts>('/src/**/i18n/en.json', { eager: true, import: 'default' });
const danish = import.meta.glob<Texts>('/src/**/i18n/dk.json', { eager: true, import: 'default' });

function labelled(files: Record<string, Texts>): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [file, texts] of Object.entries(files)) {
    for (const [action, label] of Object.entries(texts.actionLabels ?? {})) {
      if (label.trim() === '') continue;
      where.set(action, [...(where.get(action) ?? []), file]);
    }
  }
  return where;
}

describe('action labels', () => {
  const names = ALL_DESCRIPTORS.map((descriptor) => descriptor.name);

  it.each([
    ['English', english],
    ['Danish', danish],
  ])('label every action exactly once in %s', (_language, files) => {
    const where = labelled(files);
    const missing = names.filter((name) => !where.has(name));
    const twice = [...where].filter(([, found]) => found.length > 1).map(([name]) => name);
    const unknown = [...where.keys()].filter((name) => !names.includes(name));
    expect({ missing, twice, unknown }).toEqual({ missing: [], twice: [], unknown: [] });
  });

  it('keeps each Danish label in the same area as its English one', () => {
    const en = labelled(english);
    const dk = labelled(danish);
    const moved = names.filter((name) => en.get(name)?.[0]?.replace(/en\.json$/, 'dk.json') !== dk.get(name)?.[0]);
    expect(moved).toEqual([]);
  });
});
