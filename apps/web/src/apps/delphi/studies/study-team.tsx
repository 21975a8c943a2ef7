import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { runAction } from '../../../shell/api/run-action';
import { DateTime } from '../../../ui/date-time';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';
import { reaches } from './study-access';
import { useStudyErrorText } from './study-error-text';
import { YourAccountId } from './your-account-id';

/** The study's team with each member's level; owners add colleagues by account id, change levels and remove (the last owner stays, the server says so). */
export function StudyTeam({ study }: { study: delphi.Study }) {
  const { t } = useTranslation('delphiStudies');
  const errorText = useStudyErrorText();
  const canKeep = reaches(study.access, 'own');
  const [members, setMembers] = useState<delphi.StudyMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [accountId, setAccountId] = useState('');
  const [level, setLevel] = useState<delphi.StudyLevel>('review');
  const [addError, setAddError] = useState<string | null>(null);
  // A phone gets one card per member: a name, a level menu and a date do not fit a row of 320 px.
  const wide = useTableFits();
  const levels = delphi.STUDY_LEVELS.map((value) => ({ value, label: t(`level.${value}`) }));

  useEffect(() => {
    api.call(delphi.listStudyMembers, {}, { id: study.id, fresh: true }).then(
      (answer) => setMembers(answer.members),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, [study.id]);

  const setLevelOf = async (member: delphi.StudyMember, next: delphi.StudyLevel) => {
    const result = await runAction(delphi.addStudyMember, { accountId: member.accountId, level: next }, { id: study.id, handled: true });
    if (result.ok) {
      setMembers(result.data.members);
      setError(null);
    } else setError(result.error.message);
  };
  const remove = async (member: delphi.StudyMember) => {
    const result = await runAction(delphi.removeStudyMember, { accountId: member.accountId }, { id: study.id, handled: true });
    if (result.ok) {
      setMembers(result.data.members);
      setError(null);
    } else setError(result.error.message);
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const result = await runAction(delphi.addStudyMember, { accountId, level }, { id: study.id, handled: true });
    if (result.ok) {
      setMembers(result.data.members);
      setAccountId('');
      setAddError(null);
    } else setAddError(errorText(result.error.message).replace(/^accountId: /, ''));
  };

  // The member's cells, the same in the table and in a phone's cards.
  const who = (member: delphi.StudyMember) => (
    <>
      <Text size="sm" fw={500}>
        {member.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
    </>
  );
  const levelOf = (member: delphi.StudyMember) =>
    canKeep ? (
      <Select
        aria-label={t('team.levelOf', { name: member.name })}
        data={levels}
        value={member.level}
        onChange={(value) => value && void setLevelOf(member, value as delphi.StudyLevel)}
        allowDeselect={false}
        w={150}
        display="inline-block"
        style={{ verticalAlign: 'middle' }}
      />
    ) : (
      t(`level.${member.level}`)
    );
  const removeButton = (member: delphi.StudyMember) => (
    <Button variant="subtle" color="red" size="xs" onClick={() => void remove(member)} aria-label={t('team.remove', { name: member.name })}>
      {t('team.remove', { name: '' }).trim()}
    </Button>
  );

  return (
    <Stack component="section" aria-labelledby="study-team-heading">
      <Title order={2} id="study-team-heading">
        {t('team.heading')}
      </Title>
      {canKeep ? null : <Text size="sm">{t('team.ownOnly')}</Text>}
      {error ? (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      {members && !wide ? (
        <RowCards label={t('team.caption')}>
          {members.map((member) => (
            <RowCard key={member.accountId} title={who(member)} aside={canKeep ? removeButton(member) : undefined}>
              <CardFields
                columns={1}
                fields={[
                  [t('team.level'), levelOf(member)],
                  [t('team.since'), <DateTime key="since" value={member.addedAt} />],
                ]}
              />
            </RowCard>
          ))}
        </RowCards>
      ) : members ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Caption>{t('team.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('team.member')}</Table.Th>
                <Table.Th>{t('team.level')}</Table.Th>
                <Table.Th>{t('team.since')}</Table.Th>
                {canKeep ? <Table.Th>{t('team.actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.accountId}>
                  <Table.Td>{who(member)}</Table.Td>
                  <Table.Td>{levelOf(member)}</Table.Td>
                  <Table.Td>
                    <DateTime value={member.addedAt} />
                  </Table.Td>
                  {canKeep ? <Table.Td>{removeButton(member)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {canKeep ? (
        <form onSubmit={(event) => void add(event)} noValidate aria-labelledby="study-team-add">
          <Stack gap="xs" maw={760}>
            <Title order={3} id="study-team-add">
              {t('team.add')}
            </Title>
            <Group align="flex-start" gap="xs">
              <TextInput label={t('team.accountId')} description={t('team.accountIdHint')} value={accountId} onChange={(e) => setAccountId(e.currentTarget.value)} error={addError} style={{ flex: 1, minWidth: 200 }} spellCheck={false} />
              <Select label={t('team.level')} data={levels} value={level} onChange={(value) => value && setLevel(value as delphi.StudyLevel)} allowDeselect={false} w={150} />
            </Group>
            <Group>
              <Button type="submit">{t('team.addButton')}</Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      <YourAccountId />
    </Stack>
  );
}
