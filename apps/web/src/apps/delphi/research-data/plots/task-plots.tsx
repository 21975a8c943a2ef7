/**
 * /Data's plots per task (issue 17 part 5, ADR 027): pick one of the study's tasks (its first
 * game with plots at the start), optionally a participant to draw against the group, and whether
 * excluded participants count. The aggregates come from the server; the chart library loads only
 * when a plot is drawn.
 */
import { useCallback, useEffect, useState } from 'react';
import { Autocomplete, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../../shell/api/api';
import { HUB_GAMES } from '../../suite/games';
import { useStudyGames } from '../study-games';
import { useLazyNamespace } from '../../i18n/lazy-namespaces';
import en from './i18n/en.json';
import dk from './i18n/dk.json';
import { AccuracyPlot } from './accuracy-plot';
import { GameViewPlot, hasGameView } from './game-view-plot';
import { PLOTTED_GAMES } from './plot-data';
import { RtPlot } from './rt-plot';
import type { OnPeople } from './rt-plot';
import { useDataScope } from '../data-scope';

const dkChecked: typeof en = dk;

/** Participant ids matching what the researcher typed (the first page of the participant list). */
function useParticipantIds(typed: string): string[] {
  const [ids, setIds] = useState<string[]>([]);
  const [filter] = useDebouncedValue(typed.trim(), 250);
  const { study, runs } = useDataScope();
  useEffect(() => {
    let active = true;
    api.call(delphi.listParticipants, { study, runs, filter, pageSize: 20, offset: 0 }).then(
      (answer) => active && setIds([...new Set(answer.participants.map((p) => p.participantId))]),
      () => active && setIds([]),
    );
    return () => {
      active = false;
    };
  }, [filter, study, runs]);
  return ids;
}

/** The study's games that have plots, in the study's order (null while GET_STUDY answers); every plotted game when the study cannot be read here. */
function useStudyPlottedGames(): readonly delphi.GameName[] | null {
  const games = useStudyGames();
  if (games === null) return null;
  return games === 'unknown' ? PLOTTED_GAMES : games.filter((game) => PLOTTED_GAMES.includes(game));
}

export function TaskPlots({ version }: { version: number }) {
  useLazyNamespace('delphiPlots', { en, dk: dkChecked });
  const { t } = useTranslation('delphiPlots');
  const { t: tSuite } = useTranslation('delphi');
  const studyGames = useStudyPlottedGames();
  // The researcher's pick; until then the study's first game with plots. Every plotted game stays
  // in the picker: an earlier version of the study may have had games the current one has not.
  const [picked, setPicked] = useState<delphi.GameName | null>(null);
  const gameName = picked ?? studyGames?.[0] ?? PLOTTED_GAMES[0]!;
  const [typed, setTyped] = useState('');
  const [participant, setParticipant] = useState<string | undefined>(undefined);
  const [includeExcluded, setIncludeExcluded] = useState(false);
  const [people, setPeople] = useState<Parameters<OnPeople>[0]>(null);
  const onPeople = useCallback<OnPeople>((next) => setPeople(next), []);
  const ids = useParticipantIds(typed);

  const gameLabel = (name: delphi.GameName) => {
    const game = HUB_GAMES.find((g) => g.name === name);
    return game ? tSuite(`games.${game.key}.name`) : name;
  };
  const heading = (
    <>
      <Title order={2} id="task-plots-heading">
        {t('heading')}
      </Title>
      <Text>{t('lead')}</Text>
    </>
  );
  if (studyGames === null) {
    return (
      <Stack component="section" aria-labelledby="task-plots-heading">
        {heading}
        <Loader size="sm" aria-label={t('loading')} />
      </Stack>
    );
  }
  const input = { gameName, participant, includeExcluded };
  const showParticipant = participant !== undefined && people?.participantFound === true;
  const props = { input, version, showParticipant };

  return (
    <Stack component="section" aria-labelledby="task-plots-heading">
      {heading}
      {studyGames.length === 0 && picked === null ? <Text>{t('noGames')}</Text> : null}
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('game')}
          data={PLOTTED_GAMES.map((name) => ({ value: name, label: gameLabel(name) }))}
          value={gameName}
          onChange={(value) => value && delphi.isGameName(value) && setPicked(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Autocomplete
          label={t('participant')}
          description={t('participantHint')}
          placeholder={t('participantPlaceholder')}
          data={ids}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (value.trim() === '') setParticipant(undefined);
          }}
          onOptionSubmit={(value) => setParticipant(value)}
          clearable
          w={{ base: '100%', xs: 280 }}
        />
        <Switch label={t('includeExcluded')} checked={includeExcluded} onChange={(e) => setIncludeExcluded(e.currentTarget.checked)} />
      </Group>
      <div aria-live="polite">
        {people !== null ? <Text size="sm">{t('groupSize', { count: people.participants })}</Text> : null}
        {participant !== undefined && people !== null && !people.participantFound ? (
          <Text size="sm" c="orange.9">{t('participantNotFound', { participant })}</Text>
        ) : null}
      </div>
      <RtPlot {...props} onPeople={onPeople} />
      <AccuracyPlot {...props} />
      {hasGameView(gameName) ? <GameViewPlot {...props} /> : null}
    </Stack>
  );
}
