/**
 * One round of Mime Mix: for each face a blank, the cue (which half to read), then the chimeric
 * face until one of the six emotions is chosen or the time limit passes; in the practice round
 * `Correct!` / `Wrong!` follows each answer. Every answer is queued in the outbox before the
 * next face, with the action units of both halves in its `attributes`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { epochNow, logRecord, startRoundOnce, type GameRun } from '../../suite/game-run';
import type { ResponseAttributes } from '../../suite/game-records';
import { ANSWER_LABEL_STYLE, responseHandlers } from '../../../../game-kit/input/response-buttons';
import { useKeyResponses } from '../../../../game-kit/input/response-input';
import { useHintStyle } from '../../../../game-kit/input/input-hints';
import { useStartAtTop } from '../../../../game-kit/screen/start-at-top';
import { FIT_HEIGHT_VAR, useFitToScreen } from '../../../../game-kit/screen/fit-to-screen';
import {
  ANSWER_KEYS,
  BLANK_MS,
  CUE_MS,
  EMOTIONS,
  FEEDBACK_MS,
  PRACTICE_CATEGORY,
  PRACTICE_ROUND,
  RESPONSE_LIMIT_MS,
  categoryOf,
  type Emotion,
  type MimeRound,
} from './mime-config';
import { stimulusId, type MimeTrial } from './mime-trials';
import { MimeFace } from './mime-face-svg';
import { isCorrectAnswer } from './mime-scoring';
import { mimeAnswers } from './mime-state';
import {
  anticipationTimes,
  displayAttributes,
  precedingAttributes,
  responseTimes,
  useStimulusClock,
  useTimedDisplay,
  type Anticipation,
  type GivenResponse,
  type PrecedingDisplay,
  type TimedResponse,
} from './mime-timing';

type Phase = 'blank' | 'cue' | 'face' | 'feedback';

interface Shown {
  promptId: string;
  promptedAt: number;
}

/**
 * The face's height: the face, the cue and the answer buttons fit one screen together, from a
 * 320 × 568 phone to a desktop (320 px). The game kit fits it to the room the cue, the header
 * and the buttons leave (a Danish cue wraps to two lines on a phone); the first guess, before
 * that measurement, assumes about 400 px of header, progress, cue and buttons.
 */
const FACE_FIT = { minPx: 120, maxPx: 320 } as const;
const FACE_HEIGHT = `var(${FIT_HEIGHT_VAR}, clamp(150px, calc(100dvh - 400px), 320px))`;

export function MimeRunner({ run, round, trials, onDone }: { run: GameRun<'MimeMix'>; round: MimeRound; trials: readonly MimeTrial[]; onDone: () => void }) {
  const { t } = useTranslation('delphiMimeMix');
  const scale = useGameTimeScale();
  const hints = useHintStyle();
  const practice = round === PRACTICE_ROUND;
  const [index, setIndex] = useState(() => run.answers.filter((a) => a.group === round).length);
  const [phase, setPhase] = useState<Phase>('blank');
  const [shown, setShown] = useState<Shown | null>(null);
  const [verdict, setVerdict] = useState<'correct' | 'wrong' | 'tooSlow' | null>(null);
  const answered = useRef(false);
  /** The prompt on screen (a ref: a response may come before React re-renders after the onset). */
  const promptRef = useRef<string | null>(null);
  /** The practice feedback's timer: cleared if the screen goes (the participant left). */
  const feedbackTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trial = trials[index];

  useEffect(() => () => clearTimeout(feedbackTimer.current), []);
  // The round starts at the top of the page: the cue, the whole face and the buttons in view.
  useStartAtTop();
  // Every answer button on the screen with the face, whatever the cue wraps to (the face shrinks).
  const fit = useFitToScreen<HTMLDivElement, HTMLDivElement>(FACE_FIT);

  useEffect(() => {
    startRoundOnce(run, round, epochNow(), { trials: trials.length, feedback: practice });
  }, [run, round, trials.length, practice]);

  // blank (fixation) → cue → face: timed displays of the game kit (ADR 062), shown and removed on
  // frame boundaries counted from their onset frames; the frame that ends one presents the next.
  // Both are logged with the face's prompt (`fixation…`, `cue…` attributes).
  const before = useRef<{ fixation: PrecedingDisplay | null; cue: PrecedingDisplay | null }>({ fixation: null, cue: null });
  useTimedDisplay(trial && (phase === 'blank' || phase === 'cue') ? `${round}-${index}-${phase}` : null, (phase === 'blank' ? BLANK_MS : CUE_MS) * scale, {
    onEnd: (timing) => {
      if (phase === 'blank') {
        before.current = { fixation: { display: 'fixation', timing }, cue: null };
        setPhase('cue');
      } else {
        before.current.cue = { display: 'cue', timing };
        setPhase('face');
      }
    },
  });

  const next = useCallback(() => {
    setShown(null);
    setVerdict(null);
    if (index === trials.length - 1) {
      logRecord(run, 'endRound', { round, timestamp: epochNow(), attributes: { responses: trials.length } });
      onDone();
      return;
    }
    setIndex(index + 1);
    setPhase('blank');
  }, [index, trials.length, run, round, onDone]);

  /** What every record of this face carries: the two halves, their action units and the cue. */
  const faceAttributes = useCallback(
    (face: MimeTrial): ResponseAttributes<'MimeMix'> => ({
      cuedHalf: face.cuedHalf,
      topEmotion: face.topEmotion,
      bottomEmotion: face.bottomEmotion,
      topUnits: face.topUnits,
      bottomUnits: face.bottomUnits,
      congruent: face.congruent,
      otherHalfEmotion: face.other,
    }),
    [],
  );
  const common = useCallback(
    (face: MimeTrial) => ({
      round,
      category: practice ? PRACTICE_CATEGORY : categoryOf(face.cuedHalf, face.congruent),
      question: `${face.cuedHalf}: ${stimulusId(face)}`,
      questionIndex: face.index,
      correctAnswer: face.target,
    }),
    [round, practice],
  );

  /** Scores and logs the answer to the face on screen (null: the time limit passed), then moves on. */
  const finish = useCallback(
    (response: Emotion | null, times: ReturnType<typeof responseTimes> | { rtMs: null; _promptedAt: number; _respondedAt: number }, shownFace: Record<string, number> = {}) => {
      const promptId = promptRef.current;
      if (!trial || promptId === null || answered.current) return;
      answered.current = true;
      promptRef.current = null;
      const isCorrect = isCorrectAnswer({ target: trial.target, response });
      const timedOut = response === null;
      logRecord(run, 'logResponse', {
        ...common(trial),
        prompt: promptId,
        response,
        isCorrect,
        ...times,
        // The displays before the face ride along too, so the export's row of this face has them (ADR 062).
        attributes: {
          ...faceAttributes(trial),
          otherHalfChosen: !trial.congruent && response === trial.other,
          timedOut,
          ...precedingAttributes(before.current.fixation, before.current.cue),
          ...shownFace,
        },
      });
      run.answers.push({ group: round, isCorrect });
      if (!practice) mimeAnswers(run).push({ cuedHalf: trial.cuedHalf, target: trial.target, other: trial.other, congruent: trial.congruent, response });
      setShown(null);
      if (practice) {
        setVerdict(timedOut ? 'tooSlow' : isCorrect ? 'correct' : 'wrong');
        setPhase('feedback');
        feedbackTimer.current = setTimeout(next, FEEDBACK_MS * scale);
      } else {
        next();
      }
    },
    [trial, run, round, practice, next, scale, common, faceAttributes],
  );

  const onOnset = useCallback(
    (promptedAt: number) => {
      if (!trial) return;
      const promptId = logRecord(run, 'logPrompt', {
        round,
        prompt: stimulusId(trial),
        _promptedAt: promptedAt,
        attributes: { trial: trial.index, ...faceAttributes(trial), ...precedingAttributes(before.current.fixation, before.current.cue) },
      });
      answered.current = false;
      promptRef.current = promptId;
      setShown({ promptId, promptedAt });
    },
    [run, round, trial, faceAttributes],
  );
  // A key or tap before the face's onset frame (during the cue, say): an anticipation of it, never scored.
  const onAnticipation = useCallback(
    (anticipation: Anticipation<GivenResponse<string>>) => {
      if (!trial) return;
      logRecord(run, 'logResponse', {
        ...common(trial),
        ...(promptRef.current ? { prompt: promptRef.current } : {}),
        response: anticipation.response,
        ...anticipationTimes(anticipation),
        attributes: faceAttributes(trial),
      });
    },
    [run, trial, common, faceAttributes],
  );
  const clock = useStimulusClock<GivenResponse<string>>(phase === 'face' && trial ? `${round}-${index}` : null, { onOnset, onAnticipation }, round);

  const respond = useCallback(
    (timed: TimedResponse<Emotion>) => {
      if (promptRef.current === null || answered.current) return;
      // Answered: a further key anticipates the next face.
      clock.withdraw();
      finish(timed.response, responseTimes(timed));
    },
    [clock, finish],
  );
  useKeyResponses(ANSWER_KEYS, respond, clock);

  // The time limit runs from the face's onset frame, counted in frames (ADR 062): no answer is
  // logged as a time-out (no RT: the server's default, respondedAt − promptedAt, is the limit that
  // passed), scored wrong, with the face's planned and actual duration on screen.
  useTimedDisplay(phase === 'face' && trial ? `${round}-${index}-face` : null, RESPONSE_LIMIT_MS * scale, {
    onEnd: (timing, promptedAt) => {
      if (promptRef.current === null || answered.current) return;
      clock.withdraw();
      // No answer: no response time either (ADR 013), not the limit dressed up as one.
      finish(null, { rtMs: null, _promptedAt: promptedAt, _respondedAt: promptedAt + timing.shownMs }, displayAttributes(timing));
    },
  });

  if (!trial) return null;
  return (
    <Stack align="center" gap="sm">
      <Text size="sm" c="dimmed">
        {practice ? t('practiceTrial', { number: index + 1, total: trials.length }) : t('trial', { number: index + 1, total: trials.length })}
      </Text>
      <Text
        fw={700}
        fz={{ base: 'lg', sm: 'xl' }}
        ta="center"
        aria-live="assertive"
        data-cue={phase === 'cue' || phase === 'face' ? trial.cuedHalf : ''}
        style={{ minHeight: '1.6em', visibility: phase === 'cue' || phase === 'face' ? 'visible' : 'hidden' }}
      >
        {trial.cuedHalf === 'top' ? `↑ ${t('cue.top')}` : `↓ ${t('cue.bottom')}`}
      </Text>
      <Card withBorder padding="xs" w="100%" maw={520}>
        <Box ref={fit.box} h={FACE_HEIGHT} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {phase === 'face' ? (
            <MimeFace
              topUnits={trial.topUnits}
              bottomUnits={trial.bottomUnits}
              label={t('face')}
              width="100%"
              height="100%"
              data-trial={`${round}-${index}`}
              data-ready={shown ? 'true' : 'false'}
            />
          ) : phase === 'feedback' ? (
            <Text role="status" data-verdict={verdict ?? ''} fw={700} fz={32} c={verdict === 'correct' ? 'teal.8' : 'red.8'}>
              {verdict ? t(verdict) : ''}
            </Text>
          ) : (
            <Text fz={40} c="dimmed" aria-hidden>
              +
            </Text>
          )}
        </Box>
      </Card>
      <SimpleGrid ref={fit.end} cols={3} spacing="xs" w="100%" maw={520} role="group" aria-label={t('answers')}>
        {EMOTIONS.map((emotion, i) => (
          <Button
            key={emotion}
            variant="default"
            size="md"
            h={48}
            px={2}
            // On a 320 px phone a bit under 14 px: the longest label (Danish "Overrasket") fits its third.
            fz={{ base: 'clamp(12px, 4vw, 14px)', xs: 'md' }}
            data-response={emotion}
            {...responseHandlers(emotion, respond, clock)}
            style={{ touchAction: 'manipulation', userSelect: 'none' }}
            styles={{ label: { ...ANSWER_LABEL_STYLE, lineHeight: 1.15, columnGap: 6 } }}
          >
            {t(`emotions.${emotion}`)}
            {hints === 'keys' && (
              <Text component="span" c="dimmed" fz="xs" aria-hidden>
                {i + 1}
              </Text>
            )}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
