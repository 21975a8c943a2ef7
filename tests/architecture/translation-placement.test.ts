/**
 * One placement rule for translations (ADR 066): a namespace's texts are `i18n/en.json` and
 * `i18n/dk.json` in the folder of the code it serves, and each app lists its namespaces in its
 * `i18n/namespaces.ts`, which shell/i18n/i18next.d.ts lists.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WEB_SRC = join(ROOT, 'apps/web/src');

const jsonFiles = readdirSync(WEB_SRC, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
  .map((entry) => relative(WEB_SRC, join(entry.parentPath, entry.name)))
  .sort();

describe('translation files', () => {
  it('are found by the scan (it reads the source tree)', () => {
    expect(jsonFiles).toContain('shell/i18n/en.json');
  });

  it('sit in an i18n folder as en.json or dk.json', () => {
    expect(jsonFiles.filter((file) => !/(^|\/)i18n\/(en|dk)\.json$/.test(file))).toEqual([]);
  });

  it('come in both languages', () => {
    const folders = [...new Set(jsonFiles.map((file) => dirname(file)))];
    for (const folder of folders) expect([jsonFiles.includes(`${folder}/en.json`), jsonFiles.includes(`${folder}/dk.json`)], folder).toEqual([true, true]);
  });
});

describe('namespace lists', () => {
  const apps = readdirSync(join(WEB_SRC, 'apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const declaration = readFileSync(join(WEB_SRC, 'shell/i18n/i18next.d.ts'), 'utf8');
  const lists = [join(WEB_SRC, 'shell/i18n/namespaces.ts'), ...apps.map((app) => join(WEB_SRC, 'apps', app, 'i18n/namespaces.ts'))];

  it.each(apps)('i18next.d.ts lists the %s app', (app) => {
    expect(declaration).toContain(`'../../apps/${app}/i18n/namespaces'`);
  });

  it('name every English file once', () => {
    const listed = lists.flatMap((list) =>
      [...readFileSync(list, 'utf8').matchAll(/import type \w+ from '([^']+)'/g)].map((m) => relative(WEB_SRC, join(dirname(list), m[1] ?? ''))),
    );
    expect([...listed].sort()).toEqual(jsonFiles.filter((file) => file.endsWith('/en.json')));
  });
});
