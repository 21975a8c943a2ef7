import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { useStimulusOnset } from '../../ui/use-stimulus-onset';
import { epochNow, logRecord, startRoundOnce, type GameRun } from '../../suite/game-run';
import { FitText } from '../../kit/fit-text';
import { ResponseButtons, type ResponseOption } from '../../kit/response-buttons';
import { useKeyResponses, type GivenResponse } from '../../kit/response-input';
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
 * Onset from the painted frame, response time from the key's or pointer's event timeStamp
 * (the game kit); each answer is scored and queued in the outbox before the next stimulus.
 */
export function FlashBlockRunner({ run, block, onDone }: { run: GameRun; block: FlashBlock; onDone: () => void }) {
  const { t } = useTranslation('delphiGames');
  const scale = useGameTimeScale();
  const stimuli = useMemo(() => (block.task === 'search' ? searchBlock(block.seed) : comparisonBlock(block.seed)), [block]);
  const [trial, setTrial] = useState(() => run.answers.filter((a) => a.group === block.id).length);
  const [visible, setVisible] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const answering = useRef(false);
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
      setShown({ promptId, promptedAt });
    },
    [run, block, stimulus, trial],
  );
  useStimulusOnset(visible && stimulus ? `${block.id}-${trial}` : null, onOnset);

  const respond = useCallback(
    ({ response, respondedAt, modality }: GivenResponse<FlashKey>) => {
      if (!shown || !stimulus || answering.current) return;
      answering.current = true;
      const isCorrect = isCorrectResponse(stimulus, ANSWER_KEYS[response]);
      logRecord(run, 'logResponse', {
        round: block.id,
        prompt: shown.promptId,
        response,
        isCorrect,
        correctAnswer: stimulus.expected ? 'ArrowRight' : 'ArrowLeft',
        category: FLASH_CATEGORIES[block.task],
        question: stimulus.text,
        questionIndex: trial,
        modality,
        _promptedAt: shown.promptedAt,
        _respondedAt: respondedAt,
        rtMs: Math.max(0, respondedAt - shown.promptedAt),
      });
      run.answers.push({ group: block.id, isCorrect });
      setShown(null);
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
    [shown, stimulus, stimuli.length, trial, run, block, scale, onDone],
  );
  useKeyResponses(KEY_RESPONSES, respond);

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
      <ResponseButtons options={options} onResponse={respond} label={t('flash.answers')} />
    </Stack>
  );
}
