/**
 * One participant's timeline (issue 17, ADR 026): games, steps, attention events (with the trial
 * each fell in) and session contexts, oldest first, with last seen; a button in the participants
 * table opens it in a dialog, loaded when opened.
 */
import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { usePolling } from './use-polling';
import { Alert, Button, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { LANGUAGES, delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { HUB_GAMES } from '../suite/games';
import { statusKey } from './game-status-label';
import { useStepName } from './step-names';

/** From this width the timeline is a table; below it (a phone) a list that needs no sideways scroll. */
const TABLE_QUERY = '(min-width: 40em)';

type Timeline = { participantId: string; lastSeen: string | null; entries: delphi.TimelineEntry[]; truncated: boolean };

function TimelineBody({ suiteId, asTable }: { suiteId: string; asTable: boolean }) {
  const { t } = useTranslation('delphiData');
  const { t: tSuite } = useTranslation('delphi');
  const errorText = useErrorText();
  const stepName = useStepName();
  const [timeline, setTimeline] = useState<Timeline | { error: string } | null>(null);
  usePolling(
    (isActive) =>
      void api.call(delphi.getTimeline, { suite: suiteId }, { fresh: true }).then(
        (answer) => isActive() && setTimeline(answer),
        (error: Error) => isActive() && setTimeline({ error: error.message }),
      ),
    [suiteId],
  );
  if (timeline === null) return <Loader aria-label={t('data.progress')} />;
  if ('error' in timeline) return <Alert color="red" role="alert">{t('data.loadError', { message: errorText(timeline.error) })}</Alert>;
  const gameName = (name: delphi.GameName | null) => {
    const hub = HUB_GAMES.find((g) => g.name === name);
    return hub ? tSuite(`games.${hub.key}.name`) : '';
  };
  const describe = (entry: delphi.TimelineEntry) => {
    const values = Object.fromEntries(Object.entries(entry.detail).map(([k, v]) => [k, v ?? '–']));
    if (entry.kind === 'gameEnded') {
      return t('data.timeline.kind.gameEnded', { status: t(`data.state.${statusKey(entry.detail.status)}`) });
    }
    if (entry.kind === 'step') {
      const step = Number(entry.detail.step);
      const name = stepName(entry.gameName, step - 1, Number(entry.detail.steps), String(entry.detail.name ?? ''));
      return t('data.timeline.kind.step', { ...values, name });
    }
    if (entry.kind === 'consentAgreed') {
      const language = LANGUAGES.find((known) => known === entry.detail.language);
      const read = language ? t(`data.timeline.languageName.${language}`) : t('data.timeline.languageUnknown');
      return t('data.timeline.kind.consentAgreed', { version: entry.detail.version ?? '–', language: read });
    }
    if ((entry.kind === 'visible' || entry.kind === 'focus') && entry.detail.durationMs === undefined) return t(`data.timeline.kind.${entry.kind}`, { durationMs: '–' });
    return t(`data.timeline.kind.${entry.kind}`, values);
  };
  return (
    <Stack>
      <Text size="sm" role="status">
        {timeline.lastSeen === null ? t('data.timeline.neverSeen') : <>{t('data.timeline.lastSeen', { time: '' })}<DateTime value={timeline.lastSeen} /></>}
      </Text>
      {timeline.entries.length === 0 ? (
        <Text c="dimmed">{t('data.timeline.empty')}</Text>
      ) : asTable ? (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={t('data.timeline.title', { id: timeline.participantId })}>
          <Table striped aria-label={t('data.timeline.title', { id: timeline.participantId })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('data.timeline.when')}</Table.Th>
                <Table.Th>{t('data.timeline.game')}</Table.Th>
                <Table.Th>{t('data.timeline.what')}</Table.Th>
                <Table.Th>{t('data.timeline.trial')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {timeline.entries.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${entry.kind}-${index}`}>
                  <Table.Td><DateTime value={entry.at} /></Table.Td>
                  <Table.Td>{gameName(entry.gameName)}</Table.Td>
                  <Table.Td>{describe(entry)}</Table.Td>
                  <Table.Td>{entry.round === null ? '' : t('data.timeline.trialOf', { round: entry.round })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // A phone: each entry on its own, what happened first, then when, in which game and trial.
        <List listStyleType="none" spacing="sm" aria-label={t('data.timeline.title', { id: timeline.participantId })}>
          {timeline.entries.map((entry, index) => (
            <List.Item key={`${entry.at}-${entry.kind}-${index}`}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{describe(entry)}</Text>
              <Text size="xs" c="dimmed">
                <DateTime value={entry.at} />
                {[gameName(entry.gameName), entry.round === null ? '' : t('data.timeline.trialOf', { round: entry.round })].filter(Boolean).map((part) => ` · ${part}`).join('')}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {timeline.truncated && <Text size="sm" c="dimmed">{t('data.timeline.truncated', { count: delphi.TIMELINE_LIMIT })}</Text>}
    </Stack>
  );
}

/** The participants table's button and dialog for one participant's timeline. */
export function TimelineButton({ suiteId, participantId }: { suiteId: string; participantId: string }) {
  const { t } = useTranslation('delphiData');
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  return (
    <>
      <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} onClick={() => setOpen(true)} aria-label={t('data.timeline.openLabel', { id: participantId })}>
        {t('data.timeline.open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('data.timeline.title', { id: participantId })} size="xl" fullScreen={!wide} closeButtonProps={{ 'aria-label': t('data.timeline.close') }}>
        {open && <TimelineBody suiteId={suiteId} asTable={wide} />}
      </Modal>
    </>
  );
}
