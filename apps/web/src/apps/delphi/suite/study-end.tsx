import { useEffect, useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { getOutbox } from '../outbox/outbox-client';
import type { SuiteSession } from './suite-store';
import { fetchStudyCompletion } from './study-link';
import { panelName } from './panel-name';

/** Seconds the end page is shown before the browser goes back to the panel on its own. */
export const REDIRECT_AFTER_S = 5;
/** How often and how long to ask again while the server has not yet counted the last game's end. */
const ASK_AGAIN_MS = 1500;
const ASK_AT_MOST = 8;

/** Leaves for the panel (a seam for tests: jsdom does not navigate). */
export const leave = { to: (url: string) => window.location.assign(url) };

type Phase = { kind: 'saving' } | { kind: 'done'; completion: delphi.StudyCompletion } | { kind: 'failed' };

/**
 * A study's end (issue 26, ADR 073): once every required game ended, the outbox is emptied (every
 * record acknowledged) before the server is asked for the end; then the end page, and the panel's
 * completion link, followed on its own after a short countdown (Prolific's recommended way) and
 * shown as a link for anyone who wants to go at once or whose browser stays.
 */
export function StudyEnd({ session, study }: { session: SuiteSession; study: delphi.ParticipantStudy | null }) {
  const { t, i18n } = useTranslation('delphi');
  useDocumentTitle(t('study.endTitle'));
  const [phase, setPhase] = useState<Phase>({ kind: 'saving' });
  const [attempt, setAttempt] = useState(0);
  const [seconds, setSeconds] = useState(REDIRECT_AFTER_S);

  useEffect(() => {
    let active = true;
    setPhase({ kind: 'saving' });
    const run = async () => {
      // Nothing of a record may be lost by leaving: every pending record is acknowledged first.
      await getOutbox(session.participantId, session.suiteId).flush();
      for (let asked = 1; active; asked += 1) {
        const completion = await fetchStudyCompletion(session.participantId, session.suiteId);
        if (completion.completed || asked >= ASK_AT_MOST) return completion;
        await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
      }
      return null;
    };
    run().then(
      (completion) => active && completion && setPhase({ kind: 'done', completion }),
      () => active && setPhase({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [session, attempt]);

  const redirectUrl = phase.kind === 'done' && phase.completion.completed ? phase.completion.redirectUrl : null;
  useEffect(() => {
    if (!redirectUrl) return;
    setSeconds(REDIRECT_AFTER_S);
    const timer = setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    const away = setTimeout(() => leave.to(redirectUrl), REDIRECT_AFTER_S * 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(away);
    };
  }, [redirectUrl]);

  // The end page in the page's language where the study has one (ADR 079), else its own text.
  const end = phase.kind === 'done' ? phase.completion : study;
  const markdown = end ? delphi.textInLanguage(end.endPageMarkdown, end.endPageTranslations, currentLanguage(i18n)) : '';
  return (
    <Section>
      <PageIntro title={t('study.endTitle')} lead="">
        <Stack maw={760} gap="md" pb="xl">
          {phase.kind === 'saving' && (
            <Stack gap="xs" align="flex-start">
              <Loader size="sm" aria-hidden />
              <Text role="status">{t('study.endSaving')}</Text>
            </Stack>
          )}
          {phase.kind === 'failed' && (
            <Alert color="orange" variant="light" role="alert">
              <Stack gap="sm" align="flex-start">
                <Text>{t('study.endFailed')}</Text>
                <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
                  {t('study.endRetry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {phase.kind === 'done' && (
            <>
              {/* Under the page's own h1: the text's `#` headings render as h2 and below. */}
              {markdown.trim() !== '' ? <LazyMarkdownView markdown={markdown} headingOffset={1} /> : <Text>{t('study.endDefault')}</Text>}
              {redirectUrl ? (
                <>
                  <Text role="status">{t('study.endCountdown', { panel: panelName(redirectUrl), count: seconds })}</Text>
                  <Button component="a" href={redirectUrl} w="fit-content" size="md">
                    {t('study.endReturn', { panel: panelName(redirectUrl) })}
                  </Button>
                </>
              ) : (
                <Text>{t(phase.completion.completed ? 'study.endClose' : 'study.endNotYet')}</Text>
              )}
            </>
          )}
        </Stack>
      </PageIntro>
    </Section>
  );
}
