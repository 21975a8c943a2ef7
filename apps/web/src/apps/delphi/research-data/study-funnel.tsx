/**
 * The study funnel (issue 17, ADR 026): per game, how many participants reached each step of
 * its progress bar, finished, were interrupted or abandoned it. A table with the numbers (what a
 * screen reader reads) and plain CSS bars; aggregated on the server, polled while the page is
 * visible so it follows a running study without a reload.
 */
import { useState } from 'react';
import { POLL_SECONDS, usePolling } from './use-polling';
import { Alert, Box, Group, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { HUB_GAMES } from '../suite/games';
import { useStepName } from './step-names';
import { useDataScope } from './data-scope';

/** How often the funnel asks again while the page is visible (a hidden page does not ask). */
type Funnel = { participants: number; games: delphi.FunnelGame[]; at: string };

function Bar({ value, total }: { value: number; total: number }) {
  const width = total === 0 ? 0 : Math.round((value / total) * 100);
  return (
    <Box aria-hidden h={10} w="100%" miw={60} bg="var(--mantine-color-gray-2)" style={{ borderRadius: 4 }}>
      <Box h={10} w={`${width}%`} bg="var(--mantine-color-blue-6)" style={{ borderRadius: 4 }} />
    </Box>
  );
}

function GameFunnel({ game }: { game: delphi.FunnelGame }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  const stepName = useStepName();
  const hub = HUB_GAMES.find((g) => g.name === game.gameName);
  const name = hub ? tSuite(`games.${hub.key}.name`) : game.gameName;
  const total = Math.max(game.started, game.steps[0]?.reached ?? 0, 1);
  // In the researcher's language, not the one each participant saw (issue 25).
  const named = (step: delphi.FunnelGame['steps'][number]) => {
    const name = stepName(game.gameName, step.step, game.steps.length, step.name);
    return name === '' ? t('data.funnel.stepUnnamed', { step: step.step + 1 }) : t('data.funnel.stepName', { step: step.step + 1, name });
  };
  const outcome = (key: 'started' | 'finished' | 'interrupted' | 'skipped' | 'abandoned' | 'active', value: number) => (
    <Table.Tr key={key}>
      <Table.Th scope="row">{t(`data.funnel.${key}`)}</Table.Th>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" miw={32} ta="right">{value}</Text>
          <Bar value={value} total={total} />
        </Group>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      <Title order={3}>{name}</Title>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table aria-label={t('data.funnel.tableLabel', { game: name })} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="45%">{t('data.funnel.step')}</Table.Th>
              <Table.Th>{t('data.funnel.reached')}</Table.Th>
              <Table.Th w={90}>{t('data.funnel.current')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {game.steps.map((step) => (
              <Table.Tr key={step.step}>
                <Table.Th scope="row" fw={400}>{named(step)}</Table.Th>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" miw={32} ta="right">{step.reached}</Text>
                    <Bar value={step.reached} total={total} />
                  </Group>
                </Table.Td>
                <Table.Td>{step.current}</Table.Td>
              </Table.Tr>
            ))}
            {outcome('started', game.started)}
            {outcome('finished', game.finished)}
            {outcome('interrupted', game.interrupted)}
            {/* Only an optional game can be skipped (issue 25: a skip is never counted as finished). */}
            {delphi.SUITE_OPTIONAL_GAMES.includes(game.gameName) && outcome('skipped', game.skipped)}
            {outcome('abandoned', game.abandoned)}
            {outcome('active', game.active)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function StudyFunnel() {
  const { t } = useTranslation('delphiData');
  const errorText = useErrorText();
  const [minutes, setMinutes] = useState<number | string>(delphi.DEFAULT_ABANDON_MINUTES);
  const [funnel, setFunnel] = useState<Funnel | { error: string } | null>(null);
  const { study, runs } = useDataScope();
  const valid = typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= 10_080;

  usePolling(
    (isActive) =>
      void api.call(delphi.getFunnel, { study, runs, abandonMinutes: minutes }, { fresh: true }).then(
        (answer) => isActive() && setFunnel(answer),
        (error: Error) => isActive() && setFunnel({ error: error.message }),
      ),
    [minutes, study, runs],
    valid,
  );

  const games = funnel && 'games' in funnel ? funnel.games.filter((g) => g.started > 0 || g.steps.length > 0) : [];
  return (
    <Stack component="section" aria-labelledby="funnel-heading">
      <Title order={2} id="funnel-heading">
        {t('data.funnel.heading')}
      </Title>
      <Text size="sm" maw={760}>{t('data.funnel.lead', { seconds: POLL_SECONDS })}</Text>
      <NumberInput
        label={t('data.funnel.abandonAfter')}
        description={t('data.funnel.abandonHint')}
        value={minutes}
        onChange={setMinutes}
        min={1}
        max={10_080}
        // Said, not silently changed: Mantine turned 0 into 1 and 99999 into 10080 on leaving the field.
        clampBehavior="none"
        allowDecimal={false}
        maw={320}
        error={valid ? undefined : t('data.funnel.abandonInvalid')}
      />
      {funnel === null ? (
        <Loader aria-hidden />
      ) : 'error' in funnel ? (
        <Alert color="red" role="alert">
          {t('data.loadError', { message: errorText(funnel.error) })}
        </Alert>
      ) : (
        <Stack gap="lg" data-testid="funnel-loaded">
          <Text size="sm" c="dimmed" role="status">
            {t('data.funnel.participants', { count: funnel.participants })} · {t('data.funnel.updated', { time: '' })}
            <DateTime value={funnel.at} />
          </Text>
          {games.length === 0 ? (
            <Text c="dimmed">{t('data.funnel.noSteps')}</Text>
          ) : (
            games.map((game) => <GameFunnel key={game.gameName} game={game} />)
          )}
        </Stack>
      )}
    </Stack>
  );
}
