import { useEffect, useState } from 'react';
import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERRORS, PERMISSION_LEVELS, documents } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { ApiError } from '../../../shell/api/errors';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useShowcasePlay } from '../shared/i18n/use-showcase-play';
import { PLAY_TYPE } from '../shared/play-log';
import { ScoreChart } from './score-chart';

const GAMES = ['comparison', 'targetSearch', 'quiz'] as const;
/** The newest plays the page reads (pages of the documents list's maximum). */
const MAX_PLAYS = 1_000;

async function loadPlays(): Promise<{ game: string; score: number }[]> {
  const plays: { game: string; score: number }[] = [];
  for (let offset = 0; offset < MAX_PLAYS; offset += documents.MAX_LIST_LIMIT) {
    const page = await api.call(
      documents.list,
      { offset, limit: documents.MAX_LIST_LIMIT, sorting: [{ field: '_createdAt', direction: 'desc' }], filter: { field: 'status', value: 'completed' } },
      { params: { appId: 'showcase', dataType: PLAY_TYPE }, fresh: true },
    );
    for (const doc of page.documents) {
      if (typeof doc.game === 'string' && typeof doc.score === 'number') plays.push({ game: doc.game, score: doc.score });
    }
    if (offset + page.documents.length >= page.total || page.documents.length === 0) break;
  }
  return plays;
}

/** `/results` (managers): finished plays per game and a chart of their score distribution. */
export function ResultsPage() {
  const { t } = useShowcasePlay();
  const { t: showcaseT } = useTranslation('showcase');
  const { t: shellT } = useTranslation();
  useDocumentTitle(t('results.title'));
  const [plays, setPlays] = useState<{ game: string; score: number }[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const manager = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;

  useEffect(() => {
    // Plays have no owner: only managers can read them, so anyone else is told so, not shown an empty chart.
    if (!manager) {
      setFailure(translateErrorMessage(shellT, ERRORS.forbidden.message));
      return;
    }
    loadPlays().then(setPlays, (error: unknown) => setFailure(translateErrorMessage(shellT, error instanceof ApiError ? error.message : String(error))));
  }, [manager, shellT]);

  return (
    <Section pb="xl">
      <PageIntro title={t('results.title')} lead={t('results.lead')} />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {!plays && !failure && (
        <Center py="xl">
          <Loader aria-label={t('results.loading')} />
        </Center>
      )}
      {plays && (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {GAMES.map((game) => {
            const name = showcaseT(`home.try.${game}.name`);
            const scores = plays.filter((p) => p.game === game).map((p) => p.score);
            const mean = scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length;
            return (
              <Paper key={game} withBorder p="md" radius="md" component="section" aria-label={name}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {name}
                  </Title>
                  <Text size="sm">{scores.length === 0 ? t('results.none') : t('results.plays', { count: scores.length })}</Text>
                  {mean !== null && <Text size="sm">{t('results.mean', { percent: Math.round(mean * 100) })}</Text>}
                  {scores.length > 0 && (
                    <ScoreChart
                      scores={scores}
                      title={t('results.chartTitle', { name })}
                      description={t('results.chartDesc')}
                      bandLabel={(from, to, count) => t('results.band', { from, to, count })}
                    />
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Section>
  );
}
