import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

const SRC = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the one date/time formatter', () => {
  const moment = new Date(2026, 10, 23, 18, 36, 57);

  it('writes one format per UI language, whatever the browser locale', () => {
    expect(formatDateTime(moment, 'en')).toBe('23 Nov 2026, 18:36');
    expect(formatDateTime(moment.toISOString(), 'en')).toBe('23 Nov 2026, 18:36');
    expect(formatDateTime(moment, 'dk')).toMatch(/^23\. nov\. 2026[ ,]+18[.:]36$/);
  });

  it('shows a value that is no date as given', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it('is the only place in the web client that formats dates with toLocale*String', () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => /\.toLocale(Date|Time)?String\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });
});
