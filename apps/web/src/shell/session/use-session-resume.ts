import { useEffect } from 'react';
import type { AppId } from '@chi/contract';
import { resumeIfDue, resumeOnStart } from './resume-session';

/** Resumes the session when the shell starts on a host and when its tab becomes visible again. */
export function useSessionResume(appId: AppId): void {
  useEffect(() => {
    void resumeOnStart(appId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void resumeIfDue(appId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [appId]);
}
