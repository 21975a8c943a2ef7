/** A participant's quality flags, each saying in words why it fired, with its numbers (ADR 025). */
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { HUB_GAMES } from '../suite/games';

const percent = (share: number | string | undefined) => `${Math.round(Number(share ?? 0) * 100)} %`;

export function QualityFlags({ flags }: { flags: readonly delphi.QualityFlag[] }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  if (flags.length === 0) return <Text size="sm" c="dimmed">{t('data.flags.none')}</Text>;
  return (
    <List size="sm" spacing={4} aria-label={t('data.flags.label')}>
      {flags.map((flag) => {
        const game = HUB_GAMES.find((g) => g.name === flag.gameName);
        const v = flag.values;
        const values = {
          ...v,
          game: game ? tSuite(`games.${game.key}.name`) : flag.gameName,
          share: percent(v.share),
          maxShare: percent(v.maxShare),
          accuracy: percent(v.accuracy),
          chance: percent(v.chance),
        };
        // A flag whose sentence turns on one number is pluralised on it (i18next plurals: "1 response", "2 responses").
        const text =
          flag.kind === 'unfinished'
            ? t(`data.flags.unfinished.${v.status === 'abandoned' ? 'abandoned' : 'interrupted'}`, { ...values, count: Number(v.responses ?? 0) })
            : flag.kind === 'attention'
              ? t('data.flags.attention', { ...values, count: Number(v.events ?? 0) })
              : t(`data.flags.${flag.kind}`, values);
        return <List.Item key={`${flag.gameName}-${flag.kind}`}>{text}</List.Item>;
      })}
    </List>
  );
}
