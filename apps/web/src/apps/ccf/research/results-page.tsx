import { useCallback, useEffect, useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_BASE, ccf, resolvePath } from '@chi/contract';
import type { OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { Section } from '../../../ui/section';
import { ResultsPending } from '../../../ui/keyed-session/results-pending';
import { StatusBadge } from '../../../ui/keyed-session/keyed-session-cells';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCcfResearch } from './i18n/use-ccf-research';
import { answerText } from '../participant/field-editor';
import { signUpLink } from './create-session-form';

type Results = OutputOf<typeof ccf.getResults>;

/** `/researcher/:sessionId`: participants and their progress, every answer version, export, close. */
export function ResultsPage() {
  const { sessionId = '' } = useParams();
  const { t } = useCcfResearch();
  const { t: shellT } = useTranslation();
  const when = useFormatDateTime();
  const [results, setResults] = useState<Results | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(results?.session.title ?? t('sessions.title'));

  const load = useCallback(async () => {
    const result = await runAction(ccf.getResults, {}, { id: sessionId, handled: true, fresh: true });
    if (result.ok) setResults(result.data);
    else setFailure(translateErrorMessage(shellT, result.error.message));
  }, [sessionId, shellT]);

  useEffect(() => {
    void load();
  }, [load]);

  async function close() {
    const result = await runAction(ccf.closeSession, {}, { id: sessionId, fresh: true });
    if (result.ok) void load();
  }

  if (!results) return <ResultsPending failure={failure} loadingLabel={t('results.loading')} />;

  const { session, participants, answers } = results;
  const fields = new Map(session.fields.map((f) => [f._id, f]));
  return (
    <Section py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/researcher">
          {t('results.back')}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {session.title}
            </Title>
            <Group gap="xs">
              <StatusBadge open={session.status === 'open'} label={t(`sessions.statuses.${session.status}`)} />
              {session.closedAt && <Text size="sm">{t('results.closedAt', { when: when(session.closedAt) })}</Text>}
            </Group>
          </Stack>
          <Group gap="sm">
            <Button component="a" href={API_BASE + resolvePath(ccf.exportSession, session._id)} download variant="light">
              {t('results.export')}
            </Button>
            {session.status === 'open' && (
              <Button color="red" variant="light" onClick={() => void close()}>
                {t('results.close')}
              </Button>
            )}
          </Group>
        </Group>
        {session.signUpOpen && session.status === 'open' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('results.signUpLink')}: <code>{signUpLink(window.location.origin, session._id)}</code>
          </Text>
        )}
        <Title order={2}>{t('results.participantsTitle')}</Title>
        {participants.length === 0 ? (
          <Text c="dimmed">{t('results.noParticipants')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('results.participantsTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('results.userId')}</Table.Th>
                  <Table.Th>{t('results.progress')}</Table.Th>
                  <Table.Th>{t('results.firstSeen')}</Table.Th>
                  <Table.Th>{t('results.lastSeen')}</Table.Th>
                  <Table.Th>{t('results.signedUp')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {participants.map((p) => (
                  <Table.Tr key={p.userId}>
                    <Table.Td>{p.userId}</Table.Td>
                    <Table.Td>{`${p.answered} / ${p.total}`}</Table.Td>
                    <Table.Td>{when(p.firstSeenAt)}</Table.Td>
                    <Table.Td>{when(p.lastSeenAt)}</Table.Td>
                    <Table.Td>{p.signedUp ? t('results.yes') : t('results.no')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Title order={2}>{t('results.answersTitle')}</Title>
        {answers.length === 0 ? (
          <Text c="dimmed">{t('results.noAnswers')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t('results.answersTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('results.userId')}</Table.Th>
                  <Table.Th>{t('results.field')}</Table.Th>
                  <Table.Th>{t('results.version')}</Table.Th>
                  <Table.Th>{t('results.value')}</Table.Th>
                  <Table.Th>{t('results.submittedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answers.map((a) => {
                  const field = fields.get(a.fieldId);
                  return (
                    <Table.Tr key={a._id}>
                      <Table.Td>{a.userId}</Table.Td>
                      <Table.Td>{field ? `${field.position + 1}. ${field.prompt}` : a.fieldId}</Table.Td>
                      <Table.Td>{a.version}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{answerText(a.value)}</Table.Td>
                      <Table.Td>{when(a.submittedAt)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Section>
  );
}
