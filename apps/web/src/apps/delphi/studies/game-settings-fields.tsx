import { NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { delphi } from '@chi/contract';

/**
 * A game's settings as form fields, read from its declaration (contract games/, ADR 064):
 * booleans as switches, closed sets as selects, numbers as number inputs, text as text. No game
 * has fields written by hand here; a new setting in a declaration appears by itself. Its label and
 * help are the page's language's (`gameSetting.<game>.<field>` in this area's texts; a test keeps
 * every declared setting there in both languages), else the field's name and the declaration's
 * English description.
 */
export function GameSettingsFields({ game, settings, onChange, gameLabel }: {
  game: delphi.GameName;
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
  gameLabel: string;
}) {
  const { t, i18n } = useTranslation('delphiStudies');
  const declaration = delphi.GAME_DECLARATIONS[game];
  const fields = delphi.describeAttributes(declaration.settings);
  const defaults: Record<string, unknown> = delphi.defaultSettings(game);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('settings.noSettings')}
      </Text>
    );
  }
  const set = (name: string, value: unknown) => onChange({ ...settings, [name]: value });
  const text = (name: string, part: 'label' | 'description', fallback: string): string => {
    const key = `gameSetting.${game}.${name}.${part}`;
    return i18n.exists(key, { ns: 'delphiStudies' }) ? t(key as ParseKeys<'delphiStudies'>) : fallback;
  };
  return (
    <Stack gap="xs">
      {fields.map((field) => {
        const value = settings[field.name] ?? defaults[field.name];
        // The game's name keeps the label unique on the page.
        const label = `${gameLabel}: ${text(field.name, 'label', field.name)}`;
        const description = text(field.name, 'description', field.description);
        if (field.type === 'boolean') {
          return <Switch key={field.name} label={label} description={description} checked={value === true} onChange={(e) => set(field.name, e.currentTarget.checked)} />;
        }
        if (field.levels) {
          return <Select key={field.name} label={label} description={description} data={[...field.levels]} value={typeof value === 'string' ? value : null} onChange={(next) => set(field.name, next)} allowDeselect={false} />;
        }
        if (field.type === 'number' || field.type === 'integer') {
          return (
            <NumberInput
              key={field.name}
              label={label}
              description={description}
              value={typeof value === 'number' ? value : ''}
              onChange={(next) => set(field.name, typeof next === 'number' ? next : undefined)}
              allowDecimal={field.type === 'number'}
              {...(field.minValue === undefined ? {} : { min: field.minValue })}
              {...(field.maxValue === undefined ? {} : { max: field.maxValue })}
            />
          );
        }
        return <TextInput key={field.name} label={label} description={description} value={typeof value === 'string' ? value : ''} onChange={(e) => set(field.name, e.currentTarget.value)} />;
      })}
    </Stack>
  );
}
