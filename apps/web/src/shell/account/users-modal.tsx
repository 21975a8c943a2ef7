import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Group, Pagination, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { APP_ADMIN_FLAG, DEVOP_FLAG, account, type OutputOf } from '@chi/contract';
import { runAction } from '../api/run-action';
import { StatusMessage } from '../status/status-message';
import type { ModalBodyProps } from '../modals/modal-names';
import { useAccountTranslation } from './i18n/use-account-translation';
import { roleName, rolesOf } from './role-names';
import { serverMessage } from './server-message';
import { useTimedFailure } from '../status/use-timed-failure';
import { CardFields, RowCard, RowCards, useTableFits } from '../../ui/row-cards';

const PAGE_SIZE = 10;
type UserList = OutputOf<typeof account.list>;

/** Admin-only `?modal=users`: search, page through, see the flags and set ©isAppAdmin (SET_APP_ADMIN). */
export function UsersModal(_props: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<UserList | null>(null);
  const [failure, setFailure] = useTimedFailure();
  const wide = useTableFits();

  const load = useCallback(async () => {
    const result = await runAction(account.list, { offset: (page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE, filter: filter.trim() }, { handled: true, fresh: true });
    if (result.ok) {
      setList(result.data);
      setFailure(null);
    } else setFailure(serverMessage(t, shellT, result.error.message));
  }, [page, filter, t, shellT]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => setPage(1), [filter]);

  async function toggle(id: string, isAppAdmin: boolean) {
    const result = await runAction(account.setAppAdmin, { isAppAdmin }, { id, operation: 'SET_APP_ADMIN', fresh: true });
    if (result.ok) setList((current) => current && { ...current, users: current.users.map((u) => (u._id === id ? result.data : u)) });
  }

  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  // A user's cells, the same in the table and in a phone's cards.
  const flags = (user: UserList['users'][number]) => (
    <Group gap={4} component="span" display="inline-flex">
      {rolesOf(user).map((flag) => (
        <Badge key={flag} variant="light" color={flag === DEVOP_FLAG ? undefined : 'grape'} tt="none">
          {roleName(shellT, flag)}
        </Badge>
      ))}
    </Group>
  );
  const adminSwitch = (user: UserList['users'][number], label?: string) => (
    <Switch
      checked={user[APP_ADMIN_FLAG]}
      onChange={(event) => void toggle(user._id, event.currentTarget.checked)}
      aria-label={t('users.appAdminOf', { name: user.name })}
      {...(label ? { label } : {})}
    />
  );
  return (
    <Stack gap="md">
      <TextInput label={t('users.search')} type="search" value={search} onChange={(event) => setSearch(event.currentTarget.value)} data-autofocus />
      <StatusMessage operation="SET_APP_ADMIN" />
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {list && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('users.total', { count: list.total })}
          </Text>
          {!wide ? (
            // A phone: one card per user, the status, flags and App admin switch in sight.
            <RowCards label={t('users.list')}>
              {list.users.map((user) => (
                <RowCard
                  key={user._id}
                  title={
                    <>
                      <Text size="sm" fw={500}>
                        {user.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {user._email}
                      </Text>
                    </>
                  }
                >
                  <CardFields
                    columns={1}
                    fields={[
                      [t('users.status'), t(`users.statuses.${user.status}`)],
                      ...(rolesOf(user).length > 0 ? ([[t('users.flags'), flags(user)]] as const) : []),
                    ]}
                  />
                  <Stack mt="xs">{adminSwitch(user, t('users.appAdmin'))}</Stack>
                </RowCard>
              ))}
            </RowCards>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover aria-label={t('users.list')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.name')}</Table.Th>
                    <Table.Th>{t('users.email')}</Table.Th>
                    <Table.Th>{t('users.status')}</Table.Th>
                    <Table.Th>{t('users.flags')}</Table.Th>
                    <Table.Th>{t('users.appAdmin')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.users.map((user) => (
                    <Table.Tr key={user._id}>
                      <Table.Td>{user.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{user._email}</Table.Td>
                      <Table.Td>{t(`users.statuses.${user.status}`)}</Table.Td>
                      <Table.Td>{flags(user)}</Table.Td>
                      <Table.Td>{adminSwitch(user)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.users.length === 0 && <Text>{t('users.none')}</Text>}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={t('users.pages')} />}
        </>
      )}
    </Stack>
  );
}
