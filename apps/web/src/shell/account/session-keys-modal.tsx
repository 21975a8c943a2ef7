import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, CopyButton, Code, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isNonEmptyString, session, type session as Session } from '@chi/contract';
import { runAction } from '../api/run-action';
import { StatusMessage } from '../status/status-message';
import type { ModalBodyProps } from '../modals/modal-names';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';
import { useField } from './use-field';
import { useFormatDateTime } from '../i18n/format-date';
import { CardFields, RowCard, RowCards, useTableFits } from '../../ui/row-cards';
import { useTimedFailure } from '../status/use-timed-failure';

const HOUR_MS = 3_600_000;

/** Admin-only `?modal=sessionKeys`: create a key (shown once, with Copy), list and revoke keys. */
export function SessionKeysModal(_props: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const label = useField((value) => (isNonEmptyString(value) ? null : t('validation.required')));
  const [hours, setHours] = useState<number | string>(24);
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [keys, setKeys] = useState<Session.SessionKeyRecord[]>([]);
  const [failure, setFailure] = useTimedFailure();

  const load = useCallback(async () => {
    const result = await runAction(session.list, {}, { handled: true, fresh: true });
    if (result.ok) setKeys(result.data.sessionKeys);
    else setFailure(serverMessage(t, shellT, result.error.message));
  }, [t, shellT]);

  useEffect(() => {
    void load();
  }, [load]);

  const validHours = typeof hours === 'number' && hours >= 1;
  const validUses = maxUses === '' || (typeof maxUses === 'number' && maxUses >= 1);

  async function create(event: FormEvent) {
    event.preventDefault();
    label.touch();
    if (label.error || !validHours || !validUses || busy) return;
    setBusy(true);
    const expiresAt = new Date(Date.now() + Number(hours) * HOUR_MS).toISOString();
    const result = await runAction(
      session.create,
      { label: label.value.trim(), expiresAt, maxUses: maxUses === '' ? null : Number(maxUses) },
      { operation: 'CREATE_SESSION_KEY', handled: true, fresh: true },
    );
    setBusy(false);
    if (!result.ok) {
      setFailure(serverMessage(t, shellT, result.error.message));
      return;
    }
    setFailure(null);
    setCreated(result.data.key);
    label.reset();
    void load();
  }

  async function revoke(id: string) {
    const result = await runAction(session.revoke, {}, { id, operation: 'REVOKE_SESSION_KEY', fresh: true });
    if (result.ok) setKeys((current) => current.map((key) => (key._id === id ? result.data : key)));
  }

  const when = useFormatDateTime();
  const wide = useTableFits();
  const uses = (key: Session.SessionKeyRecord) => `${key.uses} / ${key.maxUses ?? t('sessionKeys.unlimited')}`;
  const revokeButton = (key: Session.SessionKeyRecord) =>
    key.status === 'active' && (
      <Button size="xs" variant="subtle" color="red" onClick={() => void revoke(key._id)} aria-label={t('sessionKeys.revokeOf', { label: key.label })}>
        {t('sessionKeys.revoke')}
      </Button>
    );
  return (
    <Stack gap="md">
      <form onSubmit={(event) => void create(event)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('sessionKeys.label')} required data-autofocus {...label.inputProps} />
          <Group grow align="flex-start">
            <NumberInput label={t('sessionKeys.validHours')} min={1} max={8760} value={hours} onChange={setHours} required />
            <NumberInput label={t('sessionKeys.maxUses')} description={t('sessionKeys.maxUsesHint')} inputWrapperOrder={['label', 'input', 'description', 'error']} min={1} value={maxUses} onChange={setMaxUses} />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" disabled={Boolean(label.error) || !validHours || !validUses || busy} loading={busy}>
              {t('sessionKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <StatusMessage operation="REVOKE_SESSION_KEY" />
      {created && (
        <Alert color="green" variant="light" title={t('sessionKeys.createdKey')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('sessionKeys.shownOnce')}</Text>
            {/* Copy goes under the key when both do not fit (at 320 px it was cut at the dialog's edge). */}
            <Group gap="sm" wrap="wrap">
              <Code data-testid="created-session-key" style={{ overflowWrap: 'anywhere' }}>{created}</Code>
              <CopyButton value={created}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('sessionKeys.copied') : t('sessionKeys.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {keys.length === 0 ? (
        <Text c="dimmed">{t('sessionKeys.none')}</Text>
      ) : wide ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('sessionKeys.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessionKeys.label')}</Table.Th>
                <Table.Th>{t('sessionKeys.expires')}</Table.Th>
                <Table.Th>{t('sessionKeys.uses')}</Table.Th>
                <Table.Th>{t('sessionKeys.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key._id}>
                  <Table.Td>{key.label}</Table.Td>
                  <Table.Td>{when(key.expiresAt)}</Table.Td>
                  <Table.Td>{uses(key)}</Table.Td>
                  <Table.Td>{t(`sessionKeys.statuses.${key.status}`)}</Table.Td>
                  <Table.Td>{revokeButton(key)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // A phone: one card per key, its Revoke in sight (the table's last column was off-screen).
        <RowCards label={t('sessionKeys.list')}>
          {keys.map((key) => (
            <RowCard key={key._id} title={<Text fw={600}>{key.label}</Text>} aside={revokeButton(key)}>
              <CardFields
                fields={[
                  [t('sessionKeys.status'), t(`sessionKeys.statuses.${key.status}`)],
                  [t('sessionKeys.uses'), uses(key)],
                  [t('sessionKeys.expires'), when(key.expiresAt)],
                ]}
                columns={1}
              />
            </RowCard>
          ))}
        </RowCards>
      )}
    </Stack>
  );
}
