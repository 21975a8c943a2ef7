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
        const key =
          flag.kind === 'unfinished'
            ? (`data.flags.unfinished.${v.status === 'abandoned' ? 'abandoned' : 'interrupted'}` as const)
            : (`data.flags.${flag.kind}` as const);
        return <List.Item key={`${flag.gameName}-${flag.kind}`}>{t(key, values)}</List.Item>;
      })}
    </List>
  );
}
