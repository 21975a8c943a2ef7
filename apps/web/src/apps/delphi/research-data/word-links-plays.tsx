/**
 * `/Data`: Word Links per participant (issue 12). Round by round scores and the averages
 * the participant saw, read from the server (LIST_WORD_LINKS), a page at a time.
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { wordLinks } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { useWordLinksNamespace } from '../games/word-links/word-links-namespace';
import { useDataScope } from './data-scope';
import { showsGameSection, useStudyGames } from './study-games';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';

const PAGE_SIZE = 20;
const STATUS_COLOR = { 'in progress': 'yellow', completed: 'green', interrupted: 'orange', skipped: 'gray' } as const;

type Listing = { plays: wordLinks.WordLinksPlay[]; total: number } | { error: string } | null;

const fmt = (value: number | null) => (value === null ? '–' : String(Math.round(value)));

function roundLabel(round: wordLinks.WordLinksPlay['rounds'][number]): string {
  const score = round.datScore === null ? fmt(round.score) : `${fmt(round.score)} (${fmt(round.datScore)})`;
  return `${round.practice ? 'P' : round.round.slice(-1)} ${round.startWord}: ${score}`;
}

export function WordLinksPlays() {
  useWordLinksNamespace();
  const { t } = useTranslation('delphiWordLinks');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Listing>(null);
  const { study, runs } = useDataScope();

  useEffect(() => {
    let active = true;
    api.call(wordLinks.listPlays, { study, runs, offset: (page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE }, { fresh: true }).then(
      (answer) => active && setListing(answer),
      (error: Error) => active && setListing({ error: error.message }),
    );
    return () => {
      active = false;
    };
  }, [page, study, runs]);

  const pages = listing && 'total' in listing ? Math.max(1, Math.ceil(listing.total / PAGE_SIZE)) : 1;
  // Only for a study with Word Links, or one that has plays anyway (an earlier version had it); a failed list says so.
  const games = useStudyGames();
  const wide = useTableFits();
  const statusBadge = (play: wordLinks.WordLinksPlay) => (
    <Badge color={STATUS_COLOR[play.status]} variant="light">
      {t(`status.${play.status}`)}
    </Badge>
  );
  if (!showsGameSection(games, 'WordLinks', listing === null ? null : 'error' in listing || listing.total > 0)) return null;
  return (
    <Stack component="section" aria-labelledby="word-links-heading">
      <Title order={2} id="word-links-heading">
        {t('dataHeading')}
      </Title>
      <Text size="sm">{t('dataLead')}</Text>
      {listing === null ? (
        <Loader aria-hidden />
      ) : 'error' in listing ? (
        <Alert color="red" role="alert">
          {t('dataError', { message: errorText(listing.error) })}
        </Alert>
      ) : listing.plays.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('dataNone')}
        </Text>
      ) : (
        <>
          {wide ? (
            <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-labelledby="word-links-heading">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dataParticipant')}</Table.Th>
                    <Table.Th scope="col">{t('dataStatus')}</Table.Th>
                    <Table.Th scope="col">{t('level1Average')}</Table.Th>
                    <Table.Th scope="col">{t('level2Average')}</Table.Th>
                    <Table.Th scope="col">{t('dataGlobalScore')}</Table.Th>
                    <Table.Th scope="col">{t('dataRounds')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {listing.plays.map((play) => (
                    <Table.Tr key={`${play.participantId}-${play.startedAt}`}>
                      <Table.Th scope="row">{play.participantId}</Table.Th>
                      <Table.Td>{statusBadge(play)}</Table.Td>
                      <Table.Td>{fmt(play.level1Average)}</Table.Td>
                      <Table.Td>{fmt(play.level2Average)}</Table.Td>
                      <Table.Td fw={700}>{fmt(play.globalScore)}</Table.Td>
                      <Table.Td>
                        <Text size="xs">{play.rounds.map(roundLabel).join(' · ')}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            // A phone: a card per play, its scores one a line (the 760 px table scrolled sideways).
            <RowCards label={t('dataHeading')}>
              {listing.plays.map((play) => (
                <RowCard key={`${play.participantId}-${play.startedAt}`} title={<Text fw={600}>{play.participantId}</Text>} aside={statusBadge(play)}>
                  <CardFields
                    columns={1}
                    fields={[
                      [t('level1Average'), fmt(play.level1Average)],
                      [t('level2Average'), fmt(play.level2Average)],
                      [t('dataGlobalScore'), <b key="global">{fmt(play.globalScore)}</b>],
                      [t('dataRounds'), play.rounds.map(roundLabel).join(' · ')],
                    ]}
                  />
                </RowCard>
              ))}
            </RowCards>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={t('dataHeading')} />}
        </>
      )}
    </Stack>
  );
}
