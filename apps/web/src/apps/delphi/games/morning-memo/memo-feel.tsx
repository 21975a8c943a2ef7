/** The affect grid's explanation, its examples, the answer (select, then submit), and the end that waits for the recordings. */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { GameProgress } from '../../ui/game-progress';
import { eventEpoch, useStimulusOnset } from '../../../../game-kit/timing/use-stimulus-onset';
import { NotSavedNotice, ReloadToSave } from '../../ui/saving-state';
import { usePageOutdated } from '../../../../shell/api/page-outdated';
import { getOutbox, useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, logRecord, useGameRun, type GameRun } from '../../suite/game-run';
import { useSuiteState } from '../../suite/suite-store';
import { AffectGrid, AffectGridHint, type AffectCell } from './affect-grid';
import { closeMicrophone, resumeUploads, useUploaderSnapshot } from './memo-client';
import type { RecordingUploader } from './memo-uploader';
import { MEMO, MEMO_BASE, WithRun, memoEndAttributes, isWithoutMicrophone, useMemoSteps } from './memo-shared';
import type { GivenResponse } from '../../../../game-kit/input/response-input';

/** `/MorningMemo/AffectGrid`: what the two axes mean. */
export function MemoAffectGrid() {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  return (
    <WithRun>
      {() => (
        <Stack>
          <GameProgress steps={steps} active={4} />
          <Title order={1}>{t('steps.feel')}</Title>
          <Text>{t('grid.explain')}</Text>
          <Button w="fit-content" size="lg" onClick={() => void navigate(`${MEMO_BASE}/AffectGridExamples`)}>
            {t('grid.next')}
          </Button>
        </Stack>
      )}
    </WithRun>
  );
}

/** `/MorningMemo/AffectGridExamples`: four feelings and where they sit. */
export function MemoAffectGridExamples() {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  return (
    <WithRun>
      {() => (
        <Stack>
          <GameProgress steps={steps} active={4} />
          <Title order={1}>{t('steps.feel')}</Title>
          <Text>{t('grid.examplesIntro')}</Text>
          <List spacing="xs">
            <List.Item>{t('grid.exampleExcited')}</List.Item>
            <List.Item>{t('grid.exampleRelaxed')}</List.Item>
            <List.Item>{t('grid.exampleStressed')}</List.Item>
            <List.Item>{t('grid.exampleDepressed')}</List.Item>
          </List>
          <Button w="fit-content" size="lg" onClick={() => void navigate(`${MEMO_BASE}/HowDoYouFeel`)}>
            {t('grid.ready')}
          </Button>
        </Stack>
      )}
    </WithRun>
  );
}

function Feel({ run }: { run: GameRun<'MorningMemo'> }) {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ promptId: string; promptedAt: number } | null>(null);
  const onOnset = useCallback(
    (promptedAt: number) => {
      const promptId = logRecord(run, 'logPrompt', { round: 'affect', prompt: 'affectGrid', _promptedAt: promptedAt, attributes: { size: 9 } });
      setShown({ promptId, promptedAt });
    },
    [run],
  );
  useStimulusOnset('grid', onOnset);
  const [choice, setChoice] = useState<{ cell: AffectCell; given: GivenResponse<string>; changes: number } | null>(null);
  // A press selects (and may be changed); only the submit button ends the game (ADR 051).
  const select = (cell: AffectCell, given: GivenResponse<string>) => {
    if (!shown || run.ended) return;
    setChoice((before) => ({ cell, given, changes: before ? before.changes + 1 : 0 }));
  };
  const submit = (submittedAt: number) => {
    if (!shown || !choice || run.ended) return;
    const { cell, given, changes } = choice;
    logRecord(run, 'logResponse', {
      round: 'affect',
      prompt: shown.promptId,
      question: 'affectGrid',
      response: given.response,
      modality: given.modality,
      _promptedAt: shown.promptedAt,
      _respondedAt: given.respondedAt,
      rtMs: given.respondedAt - shown.promptedAt,
      attributes: { pleasure: cell.pleasure, arousal: cell.arousal, changes, submitMs: Math.round(submittedAt - shown.promptedAt) },
    });
    endGameRun(run, { pleasure: cell.pleasure, arousal: cell.arousal, ...memoEndAttributes(run) });
    closeMicrophone();
    void navigate(`${MEMO_BASE}/Feedback`);
  };
  return (
    <Stack>
      <GameProgress steps={steps} active={4} />
      <Title order={1} id="memo-feel-question">
        {t('grid.question')}
      </Title>
      <AffectGridHint />
      <AffectGrid labelledBy="memo-feel-question" disabled={!shown} selected={choice?.cell ?? null} onChoose={select} />
      <Text role="status" aria-live="polite" fw={600}>
        {choice ? t('grid.selected', { pleasure: choice.cell.pleasure, arousal: choice.cell.arousal }) : t('grid.noneSelected')}
      </Text>
      <Button w="fit-content" size="lg" disabled={!choice} onClick={(event) => submit(eventEpoch(event))}>
        {t('grid.submit')}
      </Button>
    </Stack>
  );
}

/** `/MorningMemo/HowDoYouFeel`: a press selects a cell, the submit button ends the game. */
export function MemoHowDoYouFeel() {
  return <WithRun>{(run) => <Feel run={run} />}</WithRun>;
}

/**
 * `/MorningMemo/Feedback`: waits, visibly, until the server has every recording whole and
 * every record; after a reload (no run any more) it still waits for the recordings.
 */
export function MemoFeedback() {
  const { t } = useTranslation('delphiMemo');
  const { t: tGames } = useTranslation('delphiGames');
  const steps = useMemoSteps();
  const state = useSuiteState();
  const run = useGameRun(MEMO);
  const session = state.session;
  const outbox = run?.outbox ?? (session ? getOutbox(session.participantId, session.suiteId) : null);
  const records = useOutboxSnapshot(outbox);
  const [uploader, setUploader] = useState<RecordingUploader | null>(null);
  useEffect(() => {
    let active = true;
    void resumeUploads().then((u) => {
      if (active) setUploader(u);
    });
    return () => {
      active = false;
    };
  }, []);
  const uploads = useUploaderSnapshot(uploader);
  const saving = uploader === null || uploads.pending > 0 || records.pendingCount > 0;
  const outdated = usePageOutdated();
  const dead = outbox ? outbox.deadLetters().length : 0;
  return (
    <Stack>
      <GameProgress steps={steps} active={5} />
      <Title order={1}>{t('steps.feedback')}</Title>
      {saving ? (
        <Alert color="indigo" variant="light" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text fw={600}>{t('feedback.saving')}</Text>
          </Group>
          {outdated ? (
            <ReloadToSave />
          ) : (
            (uploads.retrying || records.retrying) && (
              <Text size="sm" mt="xs">
                {t('feedback.retrying')}
              </Text>
            )
          )}
        </Alert>
      ) : (
        <Alert color="green" role="status">
          {isWithoutMicrophone(run) ? t('feedback.savedWithout') : t('feedback.saved')}
        </Alert>
      )}
      {uploads.failed > 0 && (
        <Alert color="red" role="alert">
          {t('feedback.failed', { count: uploads.failed })}
        </Alert>
      )}
      <NotSavedNotice count={dead} />
      {!saving && (
        <Button component={Link} to="/" w="fit-content" variant="light">
          {tGames('play.toHub')}
        </Button>
      )}
    </Stack>
  );
}
