import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Card, Group, Kbd, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { eventEpoch, useStimulusOnset } from '../../ui/use-stimulus-onset';
import { epochNow, logRecord, startRoundOnce, type GameRun } from '../../suite/game-run';
import { ANSWER_KEYS, FLASH_INTER_TRIAL_MS, type FlashBlock } from './flash-config';
import { comparisonBlock, searchBlock } from './flash-stimuli';
import { isCorrectResponse } from './flash-scoring';

interface Shown {
  promptId: string;
  promptedAt: number;
}

/**
 * One block: a blank, then each stimulus until an arrow key answers it. Onset from the
 * painted frame, response time from the key event's timeStamp; each answer is scored and
 * queued in the outbox before the next stimulus appears.
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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.key in ANSWER_KEYS)) return;
      event.preventDefault();
      if (!shown || !stimulus || answering.current || event.repeat) return;
      answering.current = true;
      const respondedAt = eventEpoch(event);
      const answeredRight = ANSWER_KEYS[event.key as keyof typeof ANSWER_KEYS];
      const isCorrect = isCorrectResponse(stimulus, answeredRight);
      logRecord(run, 'logResponse', {
        round: block.id,
        prompt: shown.promptId,
        response: event.key,
        isCorrect,
        correctAnswer: stimulus.expected ? 'ArrowRight' : 'ArrowLeft',
        question: stimulus.text,
        questionIndex: trial,
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
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, stimulus, stimuli.length, trial, run, block, scale, onDone]);

  const search = block.task === 'search';
  return (
    <Stack align="center" gap="lg">
      <Text size="sm" c="dimmed">
        {t('flash.trial', { number: trial + 1, total: stimuli.length })}
      </Text>
      <Card withBorder w="100%" maw={520} h={200} padding="xl">
        <Box
          role="img"
          aria-label={t('flash.stimulus')}
          data-trial={trial}
          data-ready={shown ? 'true' : 'false'}
          h="100%"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 72, fontWeight: 700, letterSpacing: search ? 0 : 12, fontVariantNumeric: 'tabular-nums' }}
        >
          {visible && stimulus ? stimulus.text : '+'}
        </Box>
      </Card>
      <Group gap="xl" aria-label={t('flash.keysOnly')}>
        <Text>
          <Kbd aria-label={t('flash.leftKey')}>←</Kbd> {search ? t('flash.searchHintLeft') : t('flash.comparisonHintLeft')}
        </Text>
        <Text>
          {search ? t('flash.searchHintRight') : t('flash.comparisonHintRight')} <Kbd aria-label={t('flash.rightKey')}>→</Kbd>
        </Text>
      </Group>
    </Stack>
  );
}
