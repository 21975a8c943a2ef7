import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { GameSettingsFields } from './game-settings-fields';
import { useGameName } from './game-name';

/** The study's games in their order: add, remove and move each by buttons (keyboard and touch), with each game's settings. */
export function StudyGamesEditor({ games, onChange, disabled, error }: {
  games: delphi.StudyGame[];
  onChange: (games: delphi.StudyGame[]) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('delphiStudies');
  const gameName = useGameName();
  const [adding, setAdding] = useState<string | null>(null);
  const missing = delphi.GAME_NAMES.filter((game) => !games.some((entry) => entry.game === game));

  const move = (index: number, by: -1 | 1) => {
    const next = [...games];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    onChange(next);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="study-games-label">
      <Text fw={500} size="sm" id="study-games-label">
        {t('settings.games')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('settings.gamesHint')}
      </Text>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {games.map((entry, index) => {
          const name = gameName(entry.game);
          return (
            <Paper component="li" key={entry.game} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={500}>
                  {index + 1}. {name}
                </Text>
                {disabled ? null : (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="default" size="lg" aria-label={t('settings.moveUp', { game: name })} disabled={index === 0} onClick={() => move(index, -1)}>
                      ↑
                    </ActionIcon>
                    <ActionIcon variant="default" size="lg" aria-label={t('settings.moveDown', { game: name })} disabled={index === games.length - 1} onClick={() => move(index, 1)}>
                      ↓
                    </ActionIcon>
                    <ActionIcon variant="default" color="red" size="lg" aria-label={t('settings.remove', { game: name })} disabled={games.length === 1} onClick={() => onChange(games.filter((_, i) => i !== index))}>
                      ✕
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              <GameSettingsFields game={entry.game} gameLabel={name} settings={entry.settings} onChange={(settings) => onChange(games.map((g, i) => (i === index ? { ...g, settings } : g)))} />
            </Paper>
          );
        })}
      </Stack>
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {!disabled && missing.length > 0 ? (
        <Group align="flex-end" gap="xs">
          <Select
            label={t('settings.addGame')}
            placeholder={t('settings.addGamePlaceholder')}
            data={missing.map((game) => ({ value: game, label: gameName(game) }))}
            value={adding}
            onChange={setAdding}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button
            variant="light"
            disabled={!adding}
            onClick={() => {
              const game = delphi.GAME_NAMES.find((name) => name === adding);
              if (game) onChange([...games, { game, settings: {} }]);
              setAdding(null);
            }}
          >
            {t('settings.add')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
