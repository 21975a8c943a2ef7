/** Loads the config the way start-up does, each test file in its own temporary DATA_DIR. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import type { Config, Environment } from '../config';

export interface ConfigKit {
  /** The file's temporary folder (DATA_DIR is its `data` subfolder). */
  readonly tmp: string;
  /** The config for `env`, with DATA_DIR in the file's temporary folder so none writes into the repository. */
  load(env?: Environment): Config;
  /** The ConfigError message `env` gives; fails the test when it loads. */
  errorOf(env: Environment): string;
}

export function configKit(prefix: string): ConfigKit {
  const tmp = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const load = (env: Environment = {}) => loadConfig({ DATA_DIR: join(tmp, 'data'), ...env });
  return {
    tmp,
    load,
    errorOf(env) {
      try {
        load(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected loadConfig to fail');
    },
  };
}
