import { useMemo, useRef, useState } from 'react';
import { Button, Group, List, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useShowcasePlay } from '../shared/i18n/use-showcase-play';
import { PlayLeaveGuard } from '../shared/play-leave-guard';
import { PLAY_TYPE, RESPONSE_TYPE, logRecord, newId, visitorId, whenLogged } from '../shared/play-log';
import { responseHandlers } from '../../../game-kit/input/response-buttons';
import type { GivenResponse } from '../../../game-kit/input/response-input';
import { toEpoch, useOnsetRef } from '../../../game-kit/timing';
import { reactionTime } from '../shared/play-timing';
import { QUIZ_BANK } from './quiz-bank';
import type { QuizLanguage } from './quiz-bank';
import { scoreQuiz, shuffleQuiz } from './quiz-scoring';
import type { QuizAnswer, QuizScore } from './quiz-scoring';

const GAME_VERSION = 1;

/**
 * The knowledge quiz (SPEC §4 simple quiz): categories in order, one answer per question, scored
 * at the end. The answer buttons take their input through the game kit (ADR 062): a pointer
 * answers with a tap (a swipe that starts on an option picks nothing), Enter or Space on a
 * focused button as a key, each timed by its press's `timeStamp` from the question's onset frame.
 */
export function QuizPage() {
  const { t, i18n } = useShowcasePlay();
  useDocumentTitle(t('quiz.title'));
  const [language, setLanguage] = useState<QuizLanguage>(i18n.language === 'dk' ? 'dk' : 'en');
  // Once started, the quiz speaks its own language, its labels too (issue 25 item 10).
  const tq = i18n.getFixedT(language, 'showcasePlay');
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const [position, setPosition] = useState<{ category: number; question: number } | null>(null);
  const [result, setResult] = useState<QuizScore | null>(null);
  const [saved, setSaved] = useState(false);
  const play = useRef({ id: newId('quiz'), visitor: '', startedAt: '', answers: [] as QuizAnswer[] });
  const quiz = useMemo(() => shuffleQuiz(QUIZ_BANK[language], seed), [language, seed]);
  const current = position ? quiz[position.category]?.questions[position.question] : undefined;
  const onset = useOnsetRef(current ? current.id : null);

  function start() {
    play.current.visitor = visitorId();
    play.current.startedAt = new Date().toISOString();
    setPosition({ category: 0, question: 0 });
  }

  function answer({ response: option, eventTime, respondedAt, modality }: GivenResponse<string>) {
    if (!position || !current) return;
    const timing = reactionTime(onset.current, eventTime);
    // An input before the question was presented cannot be an answer to it.
    if (timing.anticipation) return;
    const category = quiz[position.category]?.category;
    if (!category) return;
    const isCorrect = option === current.correctAnswer;
    logRecord(RESPONSE_TYPE, {
      _id: newId('r'),
      visitorId: play.current.visitor,
      playId: play.current.id,
      game: 'quiz',
      gameVersion: GAME_VERSION,
      language,
      category: category.id,
      attention: category.attention,
      questionIndex: position.question,
      questionId: current.id,
      question: current.text,
      options: current.shown,
      correctAnswer: current.correctAnswer,
      response: option,
      isCorrect,
      rtMs: timing.rtMs,
      _promptedAt: onset.current === null ? null : toEpoch(onset.current),
      _respondedAt: respondedAt,
      // The quiz's record values since issue 15: any pointer (mouse, touch, pen) is 'pointer'.
      modality: modality === 'key' ? 'keyboard' : 'pointer',
    });
    play.current.answers.push({ categoryId: category.id, isCorrect });
    const questions = quiz[position.category]?.questions ?? [];
    if (position.question + 1 < questions.length) setPosition({ category: position.category, question: position.question + 1 });
    else if (position.category + 1 < quiz.length) setPosition({ category: position.category + 1, question: 0 });
    else finish();
  }

  function finish() {
    const score = scoreQuiz(QUIZ_BANK[language], play.current.answers);
    setResult(score);
    setPosition(null);
    logRecord(PLAY_TYPE, {
      _id: play.current.id,
      visitorId: play.current.visitor,
      game: 'quiz',
      gameVersion: GAME_VERSION,
      language,
      status: 'completed',
      seed,
      score: score.score,
      correct: score.correct,
      total: score.total,
      layout: score.layout,
      attention: score.attention,
      startedAt: play.current.startedAt,
      endedAt: new Date().toISOString(),
    });
    void whenLogged().then(() => setSaved(true));
  }

  if (result) {
    const layout = JSON.parse(result.layout) as Record<string, { correctAnswers: number; totalAnswers: number }>;
    const names = new Map(QUIZ_BANK[language].map((c) => [c.id, c.name]));
    return (
      <Section py="xl">
        <Stack gap="md" maw={640} lang={language === 'dk' ? 'da' : 'en'}>
          <Title order={1}>{tq('quiz.title')}</Title>
          <Title order={2}>{tq('quiz.results')}</Title>
          <Text fw={700}>{tq('quiz.score', { correct: result.correct, total: result.total, percent: Math.round(result.score * 100) })}</Text>
          <List spacing="xs">
            {Object.entries(layout).map(([id, evaluation]) => (
              <List.Item key={id}>{tq('quiz.perCategory', { name: names.get(id as never) ?? id, correct: evaluation.correctAnswers, total: evaluation.totalAnswers })}</List.Item>
            ))}
          </List>
          <Text size="sm">{tq('quiz.attention', result.attention)}</Text>
          <Text role="status" size="sm" c="dimmed">
            {saved ? tq('play.saved') : tq('play.saving')}
          </Text>
          <Group>
            <Button component={Link} to="/">
              {tq('play.home')}
            </Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  if (!position || !current) {
    return (
      <Section py="xl">
        <Stack gap="md" maw={640}>
          <Title order={1}>{t('quiz.title')}</Title>
          <Text>{t('quiz.intro')}</Text>
          <Radio.Group label={t('quiz.language')} value={language} onChange={(value) => setLanguage(value === 'dk' ? 'dk' : 'en')}>
            <Group gap="lg" mt="xs">
              <Radio value="en" label={t('quiz.english')} lang="en" />
              <Radio value="dk" label={t('quiz.danish')} lang="da" />
            </Group>
          </Radio.Group>
          <Group>
            <Button size="lg" onClick={start}>
              {t('quiz.start')}
            </Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  const block = quiz[position.category];
  const questionId = `quiz-question-${current.id}`;
  return (
    <Section py="md">
      <PlayLeaveGuard live basePath="/quiz" />
      <Stack gap="md" maw={720} mx="auto" lang={language === 'dk' ? 'da' : 'en'}>
        <Title order={1} size="h3">
          {tq('quiz.category', { name: block?.category.name ?? '', number: position.category + 1, total: quiz.length })}
        </Title>
        <Text size="sm">{tq('quiz.question', { number: position.question + 1, total: block?.questions.length ?? 0 })}</Text>
        <Paper withBorder radius="md" p="lg">
          <Text id={questionId} size="lg" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {current.text}
          </Text>
        </Paper>
        <Stack gap="sm" role="group" aria-labelledby={questionId}>
          {current.shown.map((option) => (
            <Button key={option} variant="default" size="lg" h="auto" mih={56} py="sm" fullWidth {...responseHandlers(option, answer, undefined, { commit: 'tap' })} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' }, inner: { justifyContent: 'flex-start' } }}>
              {option}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}
