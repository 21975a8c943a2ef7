/**
 * Public client settings from `GET /api/v1/config`, fetched once at start and shared through
 * context (e.g. `gameTimeScale` for game timers, `publicDomain` for links between apps).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { system, type ClientConfig } from '@chi/contract';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import type { ApiError } from '../api/errors';

export interface ConfigState {
  config: ClientConfig | null;
  error: ApiError | null;
}

const ConfigContext = createContext<ConfigState>({ config: null, error: null });

export function ConfigProvider({ children, client = api }: { children: ReactNode; client?: ApiClient }) {
  const [state, setState] = useState<ConfigState>({ config: null, error: null });
  useEffect(() => {
    let active = true;
    client.call(system.config, {}).then(
      (config) => active && setState({ config, error: null }),
      // Pages fall back to defaults; the pages that need the server report their own failures.
      (error: ApiError) => active && setState({ config: null, error }),
    );
    return () => {
      active = false;
    };
  }, [client]);
  return <ConfigContext value={state}>{children}</ConfigContext>;
}

export function useClientConfig(): ConfigState {
  return useContext(ConfigContext);
}

/** Every game timer is multiplied by this (DESIGN §7); 1 until the server says otherwise. */
export function useGameTimeScale(): number {
  return useClientConfig().config?.gameTimeScale ?? 1;
}
