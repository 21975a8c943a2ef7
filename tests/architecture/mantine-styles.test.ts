/**
 * Every Mantine component the web client uses has its CSS loaded (first-paint-styles.ts or
 * later-styles.ts load Mantine's CSS per component, not the whole file: ADR 004, 012). One
 * missing shows no error: Divider drew nothing between a study's sections, and TagsInput's field
 * showed the browser's own box inside Mantine's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = join(ROOT, 'apps/web/src');
const MANTINE_STYLES = join(ROOT, 'node_modules/@mantine/core/styles');

/** Components drawn with other components' CSS (Mantine's own docs list these dependencies). */
const BUILT_FROM: Readonly<Record<string, readonly string[]>> = {
  TagsInput: ['Pill', 'PillsInput', 'Combobox', 'Input'],
  MultiSelect: ['Pill', 'PillsInput', 'Combobox', 'Input'],
  Select: ['Combobox', 'Input'],
  Autocomplete: ['Combobox', 'Input'],
  NativeSelect: ['Input', 'Combobox'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  NumberInput: ['Input'],
  Checkbox: ['CheckboxIndicator', 'InlineInput'],
  Radio: ['InlineInput'],
  Switch: ['InlineInput'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Menu: ['Popover'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const component = name.trim();
        if (/^[A-Z]/.test(component)) used.add(component);
      }
    }
  }
  return used;
}

function loadedStyles(): Set<string> {
  const loaded = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import '@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)) loaded.add(match[1] ?? '');
  }
  return loaded;
}

describe("Mantine's CSS", () => {
  it('is loaded for every component the client uses', () => {
    const loaded = loadedStyles();
    const missing = [...usedComponents()]
      .flatMap((component) => [component, ...(BUILT_FROM[component] ?? [])])
      .filter((name) => existsSync(join(MANTINE_STYLES, `${name}.css`)) && !loaded.has(name));
    expect([...new Set(missing)].sort()).toEqual([]);
  });

  it('finds the components a file imports (the check reads what it should)', () => {
    const used = usedComponents();
    for (const component of ['Button', 'TagsInput', 'Divider', 'Fieldset']) expect(used).toContain(component);
  });
});
