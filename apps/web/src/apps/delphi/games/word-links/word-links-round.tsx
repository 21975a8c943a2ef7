/**
 * One Word Links round: the start word, then one typed noun at a time. Each word is checked
 * by the server (SPEC §5 messages); every submission, accepted or refused, is logged through
 * the outbox with its onset, first-keystroke and submit times (event `timeStamp`s, never
 * clamped). An accepted word is scored at once from the round's matrix so far, one call.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { wordLinks } from '@chi/contract';
import { api } from '../../../../shell/api/api';
import { FitText } from '../../../../game-kit/input/fit-text';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, epochNow, isRunRejected, logRecord, startRoundOnce, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { AlreadyPlayed } from '../../ui/already-played';
import { GameProgress } from '../../ui/game-progress';
import { eventEpoch, useStimulusOnset } from '../../../../game-kit/timing/use-stimulus-onset';
import { WORD_LINKS_ROUNDS, nextPathAfter, roundAt, stepOf, type WordLinksRound } from './word-links-config';
import { progressOf, recordRound, summarise } from './word-links-state';
import { useWordLinksSteps } from './word-links-screens';

interface Accepted {
  word: string;
  lemma: string;
  score: number;
}

interface Shown {
  promptId: string;
  promptedAt: number;
}

function RoundPlay({ run, round }: { run: GameRun<'WordLinks'>; round: WordLinksRound }) {
  const { t } = useTranslation('delphiWordLinks');
  const { t: tg } = useTranslation('delphiGames');
  const steps = useWordLinksSteps();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState<Accepted[]>([]);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const attempts = useRef(0);
  const firstKeyAt = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const slot = accepted.length;
  // Every word written: only the round's scoring call is left (retried from here if it failed).
  const complete = slot === round.words;
  const levelName = t(`steps.level${round.level}`);

  const onOnset = useCallback(
    (promptedAt: number) => {
      if (slot === 0) startRoundOnce(run, round.id, promptedAt, { level: round.level, practice: round.practice, startWord: round.startWord });
      const promptId = logRecord(run, 'logPrompt', {
        round: round.id,
        prompt: round.startWord,
        _promptedAt: promptedAt,
        attributes: { level: round.level, practice: round.practice, startWord: round.startWord, slot, questionIndex: slot },
      });
      attempts.current = 0;
      firstKeyAt.current = null;
      setShown({ promptId, promptedAt });
    },
    [run, round, slot],
  );
  useStimulusOnset(complete ? null : `${round.id}:${slot}`, onOnset);

  const finishRound = (words: Accepted[], matrix: number[][]) => {
    const lemmas = [round.startWord.toLowerCase(), ...words.map((w) => w.lemma)];
    const level1 = round.level === 1 ? wordLinks.scoreLevel1Round(matrix) : null;
    const flow = round.level === 2 ? wordLinks.forwardFlow(matrix) : null;
    const score = level1 ? level1.roundScore : (flow?.averageScore ?? 0);
    logRecord(run, 'endRound', {
      round: round.id,
      timestamp: epochNow(),
      attributes: {
        level: round.level,
        practice: round.practice,
        startWord: round.startWord,
        words: words.map((w) => w.word),
        lemmas,
        matrix,
        ...(level1 ? { wordScores: level1.wordScores, roundScore: level1.roundScore, datScore: level1.datScore } : {}),
        ...(flow ? { wordFlows: flow.wordFlows, averageScore: flow.averageScore } : {}),
      },
    });
    const progress = recordRound(run, { round, words: lemmas, matrix, score, ...(level1 ? { datScore: level1.datScore } : {}) });
    if (progress.next >= WORD_LINKS_ROUNDS.length) endGameRun(run, summarise(progress.results));
    void navigate(nextPathAfter(round));
  };

  /** The whole round in one call: the matrix stored with the round and shown on its results page. */
  const scoreRound = async (words: Accepted[]) => {
    const { matrix } = await api.call(wordLinks.gloveSemanticDistances, { words: [round.startWord, ...words.map((w) => w.lemma)], level: round.level });
    finishRound(words, matrix);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shown || busy) return;
    const respondedAt = eventEpoch(event.nativeEvent);
    const typed = value;
    attempts.current += 1;
    const attempt = attempts.current;
    const common = {
      round: round.id,
      prompt: shown.promptId,
      response: typed.trim(),
      isCorrect: null,
      questionIndex: slot,
      question: round.startWord,
      _promptedAt: shown.promptedAt,
      _respondedAt: respondedAt,
      // Never clamped: a submit can only follow the onset it answers.
      ...(respondedAt >= shown.promptedAt ? { rtMs: respondedAt - shown.promptedAt } : {}),
      modality: 'key' as const,
    };
    const timing = { slot, attempt, firstKeyAt: firstKeyAt.current, level: round.level, practice: round.practice, startWord: round.startWord };
    setBusy(true);
    try {
      const previous = accepted.map((w) => w.word);
      const check = await api.call(wordLinks.checkWord, { word: typed, startWord: round.startWord, previous });
      if (!check.accepted) {
        logRecord(run, 'logResponse', { ...common, attributes: { ...timing, accepted: false, reason: check.reason, message: check.message } });
        // The server says it in English (SPEC §5, and so it is logged); the page says it in its language.
        setMessage(t(`refusal.${wordLinks.refusalMessageKey(check.reason ?? 'invalid')}`));
        input.current?.select();
        return;
      }
      const lemma = check.lemma ?? typed.trim().toLowerCase();
      // This word's row of the round's matrix: distances to the start word and to each word before it.
      const row = check.distances ?? [];
      // Level 1: distance to the start word; level 2: this word's forward flow (mean distance to every word before it).
      const score = round.level === 1 ? (row[0] ?? 0) : row.reduce((a, b) => a + b, 0) / Math.max(1, row.length);
      logRecord(run, 'logResponse', {
        ...common,
        attributes: { ...timing, accepted: true, lemma, score, distanceToStart: row[0] ?? 0 },
      });
      const words = [...accepted, { word: typed.trim(), lemma, score }];
      setMessage(null);
      setValue('');
      setShown(null);
      setAccepted(words);
      if (words.length === round.words) await scoreRound(words);
    } catch {
      setMessage(t('checkFailed'));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const title = round.practice ? t('practiceTitle', { level: levelName }) : t('roundTitle', { level: levelName, number: round.number });
  return (
    <Stack>
      <GameProgress steps={steps} active={stepOf(round)} />
      <Title order={1} size="h2">
        {title}
      </Title>
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" id="word-links-start-label">
          {t('startWord')}
        </Text>
        <FitText maxPx={48} textProps={{ 'aria-labelledby': 'word-links-start-label', 'data-start-word': round.startWord }}>
          <strong>{round.startWord}</strong>
        </FitText>
      </Card>
      {complete && (
        <Button
          w="fit-content"
          size="lg"
          loading={busy}
          onClick={() => {
            setBusy(true);
            scoreRound(accepted).then(
              () => setBusy(false),
              () => {
                setBusy(false);
                setMessage(t('checkFailed'));
              },
            );
          }}
        >
          {tg('play.continue')}
        </Button>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate hidden={complete}>
        <Stack gap="sm">
          <TextInput
            ref={input}
            label={t('yourWord', { current: slot + 1, total: round.words })}
            value={value}
            onChange={(event) => {
              if (firstKeyAt.current === null) firstKeyAt.current = eventEpoch(event.nativeEvent);
              setValue(event.currentTarget.value);
            }}
            // At the field, so it is the field's description too (Mantine links its own error; an
            // aria-describedby of ours was overwritten), and announced when it appears.
            error={message}
            errorProps={{ role: 'alert' }}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            lang="en"
            size="lg"
            maxLength={wordLinks.WORD_MAX_LENGTH * 2}
            data-autofocus
            autoFocus
            // While a word is being checked the field waits: typing on would be cleared (accepted)
            // or selected over (refused), and a second Enter would be dropped without a word.
            readOnly={!shown || busy}
            aria-busy={busy}
          />
          <Group>
            <Button type="submit" size="lg" loading={busy} disabled={!shown}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {accepted.length > 0 && (
        <div>
          <Text fw={600}>{t('accepted')}</Text>
          <ol aria-label={t('accepted')} style={{ margin: 0, paddingInlineStart: '1.5em' }}>
            {accepted.map((w) => (
              <li key={w.lemma}>{w.word}</li>
            ))}
          </ol>
        </div>
      )}
    </Stack>
  );
}

/** `/WordLinks/level1/:round` and `/WordLinks/level2/:round`: only the round due next is playable. */
export function WordLinksRoundScreen({ level }: { level: 1 | 2 }) {
  const params = useParams();
  const state = useSuiteState();
  const run = useGameRun('WordLinks');
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run || run.ended) return isPlayed(state, 'WordLinks') ? <AlreadyPlayed gameName="WordLinks" /> : <Navigate to="/WordLinks" replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="WordLinks" rejected />;
  const round = roundAt(level, params.round);
  const next = progressOf(run).next;
  if (!round) return <Navigate to="/WordLinks" replace />;
  // A round just finished (or gone back to) leads where finishing it leads; one not yet due, to the intro.
  if (WORD_LINKS_ROUNDS.indexOf(round) < next) return <Navigate to={nextPathAfter(round)} replace />;
  if (WORD_LINKS_ROUNDS[next] !== round) return <Navigate to="/WordLinks" replace />;
  return <RoundPlay key={round.id} run={run} round={round} />;
}

export function WordLinksLevel1Round() {
  return <WordLinksRoundScreen level={1} />;
}

export function WordLinksLevel2Round() {
  return <WordLinksRoundScreen level={2} />;
}
