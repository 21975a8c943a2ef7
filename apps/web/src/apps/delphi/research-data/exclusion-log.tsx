/** The exclusion log: every exclusion and undo, with who, when and why, newest first (ADR 025). */
import { useEffect, useState } from 'react';
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { HUB_GAMES } from '../suite/games';
import { useDataScope } from './data-scope';

export function ExclusionLog({ version }: { version: number }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  const errorText = useErrorText();
  const [entries, setEntries] = useState<delphi.ExclusionEntry[] | { error: string } | null>(null);
  const { study } = useDataScope();

  useEffect(() => {
    let active = true;
    api.call(delphi.listExclusions, { study }, { fresh: true }).then(
      (answer) => active && setEntries(answer.entries),
      (error: Error) => active && setEntries({ error: error.message }),
    );
    return () => {
      active = false;
    };
  }, [version, study]);

  const gameName = (name: delphi.GameName | null) => {
    if (name === null) return t('data.exclusion.wholeParticipant');
    const game = HUB_GAMES.find((g) => g.name === name);
    return game ? tSuite(`games.${game.key}.name`) : name;
  };

  return (
    <Stack component="section" aria-labelledby="exclusion-log-heading">
      <Title order={2} id="exclusion-log-heading">
        {t('data.exclusion.logHeading')}
      </Title>
      {entries === null ? null : 'error' in entries ? (
        <Alert color="red" role="alert">
          {t('data.loadError', { message: errorText(entries.error) })}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('data.exclusion.logEmpty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-labelledby="exclusion-log-heading">
          <Table aria-labelledby="exclusion-log-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('data.exclusion.when')}</Table.Th>
                <Table.Th>{t('data.exclusion.action')}</Table.Th>
                <Table.Th>{t('data.participantId')}</Table.Th>
                <Table.Th>{t('data.exclusion.scope')}</Table.Th>
                <Table.Th>{t('data.exclusion.reason')}</Table.Th>
                <Table.Th>{t('data.exclusion.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td><DateTime value={entry.at} /></Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={entry.action === 'exclude' ? 'red' : 'blue'}>
                      {t(entry.action === 'exclude' ? 'data.exclusion.excluded' : 'data.exclusion.undone')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{entry.participantId}</Table.Td>
                  <Table.Td>{gameName(entry.gameName)}</Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                  <Table.Td>{entry.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
