import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { anticipationTimes, responseTimes, useStimulusClock, type Anticipation } from '../../../../game-kit/timing';
import { epochNow, logRecord, startRoundOnce, type GameRun } from '../../suite/game-run';
import { FitText } from '../../../../game-kit/input/fit-text';
import { ResponseButtons, type ResponseOption } from '../../../../game-kit/input/response-buttons';
import { useKeyResponses, type GivenResponse, type TimedResponse } from '../../../../game-kit/input/response-input';
import { ANSWER_KEYS, FLASH_CATEGORIES, FLASH_INTER_TRIAL_MS, type FlashBlock } from './flash-config';
import { comparisonBlock, searchBlock } from './flash-stimuli';
import { isCorrectResponse } from './flash-scoring';

type FlashKey = keyof typeof ANSWER_KEYS;
/** The arrow keys answer as themselves; the buttons give the same two responses. */
const KEY_RESPONSES: Readonly<Record<string, FlashKey>> = { ArrowLeft: 'ArrowLeft', ArrowRight: 'ArrowRight' };

interface Shown {
  promptId: string;
  promptedAt: number;
}

/**
 * One block: a blank, then each stimulus until an arrow key or an answer button answers it.
 * Onset, response time and anticipations from the timing module (ADR 013) through the game
 * kit; each answer is scored and queued in the outbox before the next stimulus.
 */
export function FlashBlockRunner({ run, block, onDone }: { run: GameRun<'FlashMatch'>; block: FlashBlock; onDone: () => void }) {
  const { t } = useTranslation('delphiGames');
  const scale = useGameTimeScale();
  const stimuli = useMemo(() => (block.task === 'search' ? searchBlock(block.seed) : comparisonBlock(block.seed)), [block]);
  const [trial, setTrial] = useState(() => run.answers.filter((a) => a.group === block.id).length);
  const [visible, setVisible] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const answering = useRef(false);
  /** The prompt on screen, for the anticipations reported right after its onset. */
  const promptRef = useRef<string | null>(null);
  const stimulus = stimuli[trial];

  useEffect(() => {
    startRoundOnce(run, block.id, epochNow(), { task: block.task, seed: block.seed });
    const timer = setTimeout(() => setVisible(true), FLASH_INTER_TRIAL_MS * scale);
    return () => clearTimeout(timer);
  }, [run, block, scale]);

  const onOnset = useCallback(
    (promptedAt: number) => {
      if (!stimulus) return;
      const promptId = logRecord(run, 'logPrompt', {
        round: block.id,
        prompt: stimulus.text,
        _promptedAt: promptedAt,
        attributes: { trial, task: block.task },
      });
      answering.current = false;
      promptRef.current = promptId;
      setShown({ promptId, promptedAt });
    },
    [run, block, stimulus, trial],
  );
  // A key before the onset frame: logged as an anticipation of this stimulus, never scored.
  const onAnticipation = useCallback(
    (anticipation: Anticipation<GivenResponse<string>>) => {
      if (!stimulus) return;
      logRecord(run, 'logResponse', {
        round: block.id,
        ...(promptRef.current ? { prompt: promptRef.current } : {}),
        response: anticipation.response,
        category: FLASH_CATEGORIES[block.task],
        question: stimulus.text,
        questionIndex: trial,
        ...anticipationTimes(anticipation),
      });
    },
    [run, block, stimulus, trial],
  );
  const clock = useStimulusClock<GivenResponse<string>>(visible && stimulus ? `${block.id}-${trial}` : null, { onOnset, onAnticipation }, block.id);

  const respond = useCallback(
    (timed: TimedResponse<FlashKey>) => {
      const { response } = timed;
      // The ref, not the state: a response may come before React re-renders after the onset.
      const promptId = promptRef.current;
      if (promptId === null || !stimulus || answering.current) return;
      answering.current = true;
      // Answered: a further key is no response to this stimulus (it anticipates the next one).
      clock.withdraw();
      const isCorrect = isCorrectResponse(stimulus, ANSWER_KEYS[response]);
      logRecord(run, 'logResponse', {
        round: block.id,
        prompt: promptId,
        response,
        isCorrect,
        correctAnswer: stimulus.expected ? 'ArrowRight' : 'ArrowLeft',
        category: FLASH_CATEGORIES[block.task],
        question: stimulus.text,
        questionIndex: trial,
        ...responseTimes(timed),
      });
      run.answers.push({ group: block.id, isCorrect });
      setShown(null);
      promptRef.current = null;
      setVisible(false);
      if (trial === stimuli.length - 1) {
        logRecord(run, 'endRound', { round: block.id, timestamp: epochNow(), attributes: { responses: stimuli.length } });
        onDone();
        return;
      }
      setTimeout(() => {
        setTrial(trial + 1);
        setVisible(true);
      }, FLASH_INTER_TRIAL_MS * scale);
    },
    [stimulus, stimuli.length, trial, run, block, scale, onDone, clock],
  );
  useKeyResponses(KEY_RESPONSES, respond, clock);

  const search = block.task === 'search';
  const options: ResponseOption<FlashKey>[] = [
    { response: 'ArrowLeft', label: search ? t('flash.searchHintLeft') : t('flash.comparisonHintLeft'), keyLabel: '←', keySide: 'start' },
    { response: 'ArrowRight', label: search ? t('flash.searchHintRight') : t('flash.comparisonHintRight'), keyLabel: '→', keySide: 'end' },
  ];
  return (
    <Stack align="center" gap="lg">
      <Text size="sm" c="dimmed">
        {t('flash.trial', { number: trial + 1, total: stimuli.length })}
      </Text>
      <Card withBorder w="100%" maw={520} h={200} padding="md">
        <FitText
          maxPx={72}
          minPx={16}
          textProps={{ role: 'img', 'aria-label': t('flash.stimulus'), 'data-trial': String(trial), 'data-ready': shown ? 'true' : 'false' }}
          style={{ fontWeight: 700, letterSpacing: search ? 0 : '0.16em', fontVariantNumeric: 'tabular-nums' }}
        >
          {visible && stimulus ? stimulus.text : '+'}
        </FitText>
      </Card>
      <ResponseButtons options={options} onResponse={respond} clock={clock} label={t('flash.answers')} />
    </Stack>
  );
}
