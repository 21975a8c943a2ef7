import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useTab } from '../../../shell/routing/use-tab';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { stepLogFor } from '../log/step-log';
import { storeSitting, useSitting, type Sitting } from '../sitting';
import { GalleryPanel } from './gallery-panel';
import { JoinCard } from './join-card';
import { VisionEditor } from './vision-editor';

type EventTab = 'vision' | 'gallery';
const TABS: readonly EventTab[] = ['vision', 'gallery'];

interface Loaded {
  readonly event: { name: string; title: string; description: string; status: 'open' | 'closed' };
  readonly entries: creavisions.CvEntry[];
}

/** `/event/{eventName}`: join the event, then write a vision and browse the gallery (tabs). */
export function EventPage() {
  const { eventName = '' } = useParams();
  const sitting = useSitting(eventName);
  return sitting ? <SittingView key={sitting.sessionId} sitting={sitting} /> : <JoinCard eventName={eventName} />;
}

function SittingView({ sitting }: { sitting: Sitting }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [tab, setTab] = useTab<EventTab>('vision', TABS);
  useDocumentTitle(loaded?.event.title ?? t('event.loading'));

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await runAction(creavisions.resumeSession, { eventName: sitting.eventName, sessionId: sitting.sessionId, sessionToken: sitting.sessionToken }, { handled: true, fresh: true });
      if (!live) return;
      if (result.ok) setLoaded({ event: result.data.session.event, entries: result.data.entries });
      else if (result.error.status === 403) storeSitting(sitting.eventName, null);
      else setFailure(translateErrorMessage(shellT, result.error.message));
    })();
    return () => {
      live = false;
    };
  }, [sitting, shellT]);

  if (failure) {
    return (
      <Section pb="xl">
        <Alert color="red" role="alert" mt="lg">
          {failure}
        </Alert>
      </Section>
    );
  }
  if (!loaded) {
    return (
      <Section pb="xl">
        <Group mt="lg" role="status">
          <Loader size="sm" />
          <Text>{t('event.loading')}</Text>
        </Group>
      </Section>
    );
  }
  const log = stepLogFor(sitting);
  const participantName = sitting.participant.startsWith('account:') ? null : sitting.participant;
  return (
    <Section pb="xl">
      <PageIntro title={loaded.event.title} lead={loaded.event.description} />
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          {participantName && <Text size="sm">{t('event.participant', { name: participantName })}</Text>}
          <Button variant="subtle" size="compact-sm" onClick={() => storeSitting(sitting.eventName, null)}>
            {t('event.leave')}
          </Button>
        </Group>
        {loaded.event.status === 'closed' && (
          <Alert color="yellow" role="status">
            {t('event.closed')}
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => value && setTab(value as EventTab)} keepMounted={false}>
          <Tabs.List aria-label={t('event.tabs')} mb="md">
            <Tabs.Tab value="vision">{t('event.visionTab')}</Tabs.Tab>
            <Tabs.Tab value="gallery">{t('event.galleryTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="vision">
            <VisionEditor log={log} entry={loaded.entries.at(-1) ?? null} closed={loaded.event.status === 'closed'} />
          </Tabs.Panel>
          <Tabs.Panel value="gallery">
            <GalleryPanel sitting={sitting} log={log} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Section>
  );
}
