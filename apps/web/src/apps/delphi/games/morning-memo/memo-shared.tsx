/** What every Morning Memo screen shares: its layout, steps, the run guard and the record of a recording. */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Section } from '../../../../ui/section';
import { useDocumentTitle } from '../../../../ui/use-document-title';
import { useGamesNamespace } from '../i18n/games-namespace';
import { LeaveGuard } from '../../suite/leave-guard';
import { AlreadyPlayed } from '../../ui/already-played';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { epochNow, isRunRejected, logRecord, useGameRun, type GameRun } from '../../suite/game-run';
import type { EndAttributes } from '../../suite/game-records';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import type { StoredRecording } from './chunk-store';
import { resumeUploads } from './memo-client';
import { useMemoNamespace } from './memo-namespace';
import { MEMO_STEPS } from './memo-steps';

export const MEMO = 'MorningMemo' as const;
export const MEMO_BASE = '/MorningMemo';
/** Background noise and the talk's longest and shortest times, in ms before GAME_TIME_SCALE (SPEC §9). */
export const BACKGROUND_MS = 10_000;
export const TALK_MAX_MS = 90_000;
export const TALK_MIN_MS = 5_000;

const STEP_KEYS = MEMO_STEPS;

export function useMemoSteps(): string[] {
  const { t } = useTranslation('delphiMemo');
  return STEP_KEYS.map((key) => t(`steps.${key}`));
}

/** `/MorningMemo`: both namespaces, the title, the leave guard; resumes any upload left by an earlier page. */
export function MemoLayout() {
  useGamesNamespace();
  useMemoNamespace();
  const { t } = useTranslation('delphiMemo');
  useDocumentTitle(t('title'));
  useEffect(() => {
    void resumeUploads().catch(() => undefined);
  }, []);
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName={MEMO} basePath={MEMO_BASE} />
    </Section>
  );
}

/** Renders the screen with the live run, or where a participant without one belongs. */
export function WithRun({ children }: { children: (run: GameRun<'MorningMemo'>) => ReactNode }) {
  const state = useSuiteState();
  const run = useGameRun(MEMO);
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run || run.ended) return isPlayed(state, MEMO) ? <AlreadyPlayed gameName={MEMO} /> : <Navigate to={MEMO_BASE} replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName={MEMO} rejected />;
  return <>{children(run)}</>;
}

/**
 * The response row that references a recording in the export: its id, duration and size (ADR 018);
 * when the timer ended it, the timer's planned and actual duration on screen (ADR 062).
 */
export function logRecording(run: GameRun<'MorningMemo'>, recording: StoredRecording, timer: Record<string, number> = {}): void {
  logRecord(run, 'logResponse', {
    round: recording.kind,
    question: recording.kind === 'talk' ? 'talk' : 'backgroundNoise',
    response: recording.id,
    _respondedAt: epochNow(),
    attributes: { recordingId: recording.id, durationMs: recording.durationMs, bytes: recording.bytes, mimeType: recording.mimeType, kind: recording.kind, ...timer },
  });
}

/** Runs whose participant chose to go on without a working microphone (no recordings). */
const withoutMicrophone = new WeakSet<GameRun<'MorningMemo'>>();

/**
 * The participant goes on without the microphone: a response row (question `microphoneTest`,
 * response `continuedWithout`, the failure's reason) and, at the end, `microphone: 'none'` in
 * the game's end record, so the researcher sees why there is no recording.
 */
export function continueWithoutMicrophone(run: GameRun<'MorningMemo'>, reason: string): void {
  withoutMicrophone.add(run);
  logRecord(run, 'logResponse', { question: 'microphoneTest', response: 'continuedWithout', _respondedAt: epochNow(), attributes: { reason } });
}

export function isWithoutMicrophone(run: GameRun<'MorningMemo'> | null): boolean {
  return !!run && withoutMicrophone.has(run);
}

/** What the game's end record adds: that it was played without recordings, when it was. */
export function memoEndAttributes(run: GameRun<'MorningMemo'>): Pick<EndAttributes<'MorningMemo'>, 'microphone'> {
  return isWithoutMicrophone(run) ? { microphone: 'none' } : {};
}
