import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REPOSITORY_ROOT, SERVER_ROOT } from './paths';
import { configKit } from './test/config-kit';

const { tmp, load, errorOf } = configKit('chi-config-test');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = load();
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(join(tmp, 'data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: join(tmp, 'data', 'chi.sqlite') });
    expect(config.databaseSchema).toBeUndefined();
    expect(config.publicDomain).toBe('chi.localhost');
    expect(config.gameTimeScale).toBe(1);
    expect(config.studyParentOrigins).toEqual([]);
    expect(config.logLevel).toBe('info');
    expect(config.webDistDir).toBe(join(SERVER_ROOT, '..', 'web', 'dist'));
  });

  it('creates DATA_DIR and resolves a relative one against the repository root, not the cwd', () => {
    const target = join(tmp, 'relative', 'nested');
    const config = loadConfig({ DATA_DIR: relative(REPOSITORY_ROOT, target) });
    expect(config.dataDir).toBe(target);
    expect(existsSync(target)).toBe(true);
    expect(existsSync(join(REPOSITORY_ROOT, 'package.json'))).toBe(true);
  });

  it('treats empty variables as unset', () => {
    const config = load({ PORT: '', HOST: ' ', GAME_TIME_SCALE: '' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.gameTimeScale).toBe(1);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '0',
      HOST: '0.0.0.0',
      PUBLIC_DOMAIN: 'Research.Example.org',
      GAME_TIME_SCALE: '0.05',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: join(tmp, 'dist'),
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      publicDomain: 'research.example.org',
      gameTimeScale: 0.05,
      logLevel: 'silent',
      webDistDir: join(tmp, 'dist'),
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 0 and 65535'],
    ['PORT', '65536', 'PORT must be an integer between 0 and 65535'],
    ['PORT', '-1', 'PORT must be an integer between 0 and 65535'],
    ['PORT', '80.5', 'PORT must be an integer between 0 and 65535'],
    ['GAME_TIME_SCALE', '0', 'GAME_TIME_SCALE must be a positive number'],
    ['GAME_TIME_SCALE', '-2', 'GAME_TIME_SCALE must be a positive number'],
    ['GAME_TIME_SCALE', 'fast', 'GAME_TIME_SCALE must be a positive number'],
    ['DATABASE_URL', 'mysql://db/chi', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'https://example.org/db', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'postgres://[bad', 'DATABASE_URL is not a valid PostgreSQL URL'],
    ['PUBLIC_DOMAIN', 'not a domain', 'PUBLIC_DOMAIN must be a domain name'],
    ['PUBLIC_DOMAIN', 'chi.localhost:8080', 'PUBLIC_DOMAIN must be a domain name'],
    ['STUDY_PARENT_ORIGINS', 'ftp://files.example.org', 'STUDY_PARENT_ORIGINS must be a comma-separated list of http(s) origins'],
    ['STUDY_PARENT_ORIGINS', 'https://ok.example.org,https://x.org/path', '"https://x.org/path" is not one'],
    ['STUDY_PARENT_ORIGINS', 'example.org', '"example.org" is not one'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    const text = errorOf({ [name]: value });
    expect(text.startsWith(`Invalid configuration: ${name} `)).toBe(true);
    expect(text).toContain(message);
  });

  it('names every bad variable at once', () => {
    const text = errorOf({ PORT: 'x', GAME_TIME_SCALE: '0' });
    expect(text).toContain('PORT must be');
    expect(text).toContain('GAME_TIME_SCALE must be');
  });

  it.each(['postgres://postgres@127.0.0.1:5432/test', 'postgresql://user:pw@db.internal/chi'])(
    'selects PostgreSQL for %s',
    (url) => {
      expect(load({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    },
  );

  it('accepts a PostgreSQL schema and refuses a bad one or one without PostgreSQL', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(load({ DATABASE_URL: url, DATABASE_SCHEMA: 'tenant_1' }).databaseSchema).toBe('tenant_1');
    expect(errorOf({ DATABASE_URL: url, DATABASE_SCHEMA: 'Bad-Name' })).toMatch(/^Invalid configuration: DATABASE_SCHEMA /);
    expect(errorOf({ DATABASE_SCHEMA: 'tenant_1' })).toMatch(/^Invalid configuration: DATABASE_SCHEMA /);
  });

  it('selects SQLite for a sqlite: URL or a path', () => {
    const absolute = join(tmp, 'db', 'a.sqlite');
    expect(load({ DATABASE_URL: `sqlite://${absolute}` }).database).toEqual({ dialect: 'sqlite', file: absolute });
    expect(load({ DATABASE_URL: `sqlite:${absolute}` }).database).toEqual({ dialect: 'sqlite', file: absolute });
    expect(load({ DATABASE_URL: absolute }).database).toEqual({ dialect: 'sqlite', file: absolute });
    const rel = relative(REPOSITORY_ROOT, join(tmp, 'rel', 'b.sqlite'));
    expect(load({ DATABASE_URL: `sqlite:${rel}` }).database).toEqual({ dialect: 'sqlite', file: join(tmp, 'rel', 'b.sqlite') });
    expect(existsSync(join(tmp, 'rel'))).toBe(true);
  });

  it('parses STUDY_PARENT_ORIGINS into normalised, distinct origins', () => {
    const config = load({ STUDY_PARENT_ORIGINS: ' https://Study.Example.org , http://localhost:5173/,,https://study.example.org' });
    expect(config.studyParentOrigins).toEqual(['https://study.example.org', 'http://localhost:5173']);
  });
});
