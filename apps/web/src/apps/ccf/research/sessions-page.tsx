import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ccf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { StatusBadge, usesText } from '../../../ui/keyed-session/keyed-session-cells';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCcfResearch } from './i18n/use-ccf-research';
import { CreateSessionForm } from './create-session-form';

/** `/researcher`: the caller's sessions (managers: all) and a form to create one. */
export function SessionsPage() {
  const { t } = useCcfResearch();
  const { t: shellT } = useTranslation();
  const when = useFormatDateTime();
  const [sessions, setSessions] = useState<ccf.CcfSession[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('sessions.title'));

  const load = useCallback(async () => {
    const result = await runAction(ccf.listSessions, {}, { handled: true, fresh: true });
    if (result.ok) setSessions(result.data.sessions);
    else setFailure(translateErrorMessage(shellT, result.error.message));
  }, [shellT]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Section pb="xl">
      <PageIntro title={t('sessions.title')} lead={t('sessions.lead')} />
      <Stack gap="xl">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {sessions !== null &&
          (sessions.length === 0 ? (
            <Text c="dimmed">{t('sessions.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('create.title')}</Table.Th>
                    <Table.Th>{t('sessions.status')}</Table.Th>
                    <Table.Th>{t('sessions.fields')}</Table.Th>
                    <Table.Th>{t('sessions.participants')}</Table.Th>
                    <Table.Th>{t('sessions.uses')}</Table.Th>
                    <Table.Th>{t('sessions.expires')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.map((session) => (
                    <Table.Tr key={session._id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/researcher/${session._id}`}>
                          {session.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge open={session.status === 'open'} label={t(`sessions.statuses.${session.status}`)} />
                      </Table.Td>
                      <Table.Td>{session.fields.length}</Table.Td>
                      <Table.Td>{session.participants}</Table.Td>
                      <Table.Td>{usesText(session.uses, session.maxUses, t('sessions.unlimited'))}</Table.Td>
                      <Table.Td>{when(session.expiresAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        <CreateSessionForm onCreated={() => void load()} />
      </Stack>
    </Section>
  );
}
