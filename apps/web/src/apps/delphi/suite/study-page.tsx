import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { delphi } from '@chi/contract';
import type { Language } from '@chi/contract';
import { isApiError } from '../../../shell/api/errors';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { enterSuite, leaveSuite } from './suite-store';
import { JoiningStatus } from './joining-status';
import type { StudyLink } from './suite-store';
import { OpenElsewhere, isOpenElsewhere } from './open-elsewhere';
import { acceptConsent, declineConsent, enterStudyLink, studyLinkOf } from './study-link';
import { readDeviceFacts } from './device-check';
import type { DeviceProblem } from './device-check';
import { NoticePage } from './notice-page';
import { panelName } from './panel-name';
import { PreviewBanner } from './preview-banner';
import { useStudyLanguage } from './study-language';
import type { EnteredStudy } from './study-link';

/** Why a study link cannot be entered, each with its own text (English and Danish). */
type Refusal = 'notFound' | 'notOpen' | 'full' | 'noParticipant' | 'failed';

function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return 'failed';
  const { studyNotFound, notOpen, full } = delphi.STUDY_ERRORS;
  if (error.code === studyNotFound.code) return 'notFound';
  if (error.code === notOpen.code && error.message === notOpen.message) return 'notOpen';
  if (error.code === full.code && error.message === full.message) return 'full';
  if (error.code === 400) return 'noParticipant';
  return 'failed';
}

function isConsentChanged(error: unknown): boolean {
  const info = delphi.STUDY_RUN_ERRORS.consentChanged;
  return isApiError(error) && error.code === info.code && error.message === info.message;
}

type View =
  | { kind: 'entering' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'elsewhere' }
  | { kind: 'device'; problems: DeviceProblem[]; study: delphi.ParticipantStudy }
  | { kind: 'consent'; entered: EnteredStudy; link: StudyLink }
  /** Did not agree: `removed`, nothing was kept, else what they recorded under an earlier consent stays; `redirectUrl`, the study's way back to the panel. */
  | { kind: 'declined'; removed: boolean; redirectUrl: string | null; study: delphi.ParticipantStudy };

/** The study asks for a consent its participant has not accepted yet (a removed text asks nothing). */
function needsConsent({ consentMarkdown, consentVersion, acceptedConsentVersion }: delphi.ParticipantStudy): boolean {
  return consentMarkdown.trim() !== '' && consentVersion > 0 && acceptedConsentVersion < consentVersion;
}

/** The device cannot take part in this study: each reason said, before the consent (issue 26, ADR 073). */
function DeviceRefused({ problems }: { problems: DeviceProblem[] }) {
  const { t } = useTranslation('delphi');
  return (
    <NoticePage title={t('study.deviceTitle')}>
      <Stack gap="xs">
        <Text>{t('study.deviceBody')}</Text>
        <List>
          {problems.map((problem) => (
            <List.Item key={problem}>{t(`study.device.${problem}`)}</List.Item>
          ))}
        </List>
        <Text>{t('study.deviceAfter')}</Text>
      </Stack>
    </NoticePage>
  );
}

function Refused({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation('delphi');
  return <NoticePage title={t(`study.${refusal}Title`)}>{t(`study.${refusal}Body`)}</NoticePage>;
}

/** The participant did not agree: they are not taking part, and are told what was kept and where to go (the study's link, if it has one). */
function Declined({ removed, redirectUrl }: { removed: boolean; redirectUrl: string | null }) {
  const { t } = useTranslation('delphi');
  const back = redirectUrl ? (
    <Button component="a" href={redirectUrl} w="fit-content" size="md">
      {t('study.endReturn', { panel: panelName(redirectUrl) })}
    </Button>
  ) : null;
  return (
    <NoticePage title={t('study.declinedTitle')} tone="info" after={back}>
      {t(removed ? 'study.declinedBody' : 'study.declinedKeptBody')}
    </NoticePage>
  );
}

type ConsentBusy = 'agree' | 'decline' | null;

function Consent({
  entered,
  busy,
  changed,
  declineFailed,
  onAgree,
  onDecline,
}: {
  entered: EnteredStudy;
  busy: ConsentBusy;
  changed: boolean;
  declineFailed: boolean;
  /** `language`: the language of the text shown, recorded with the agreement (ADR 079). */
  onAgree: (language: Language) => void;
  onDecline: () => void;
}) {
  const { t, i18n } = useTranslation('delphi');
  useDocumentTitle(t('study.consentTitle'));
  const language = currentLanguage(i18n);
  const { consentMarkdown, consentTranslations } = entered.study;
  return (
    <Section>
      <PageIntro title={t('study.consentTitle')} lead={entered.study.name}>
        <Stack maw={760} gap="md">
          {changed && (
            <Alert color="orange" variant="light" role="alert">
              {t('study.consentChanged')}
            </Alert>
          )}
          {/* Under the page's own h1: the text's `#` headings render as h2 and below. */}
          <LazyMarkdownView markdown={delphi.textInLanguage(consentMarkdown, consentTranslations, language)} headingOffset={1} />
          {declineFailed && (
            <Alert color="red" variant="light" role="alert">
              {t('study.declineFailed')}
            </Alert>
          )}
          <Group gap="sm">
            <Button onClick={() => onAgree(language)} loading={busy === 'agree'} disabled={busy === 'decline'}>
              {t('study.agree')}
            </Button>
            <Button variant="default" onClick={onDecline} loading={busy === 'decline'} disabled={busy === 'agree'}>
              {t('study.decline')}
            </Button>
          </Group>
        </Stack>
      </PageIntro>
    </Section>
  );
}

/**
 * `/s/<slug>?…`: a study link (issue 26, ADR 073). Enters the study with the link's URL
 * parameters, keeps the suite as `/?participantId=` does (so the hub and the games work
 * unchanged), asks for the consent when the study has a text not yet accepted, then shows the hub.
 */
export function StudyPage() {
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = searchParams.toString();
  const [view, setView] = useState<View>({ kind: 'entering' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<ConsentBusy>(null);
  const [declineFailed, setDeclineFailed] = useState(false);
  const [consentChanged, setConsentChanged] = useState(false);
  // Keeps the suite as `/?participantId=` does, with the link to ask for it again, then shows the hub.
  const toHub = useCallback(
    (entered: EnteredStudy, link: StudyLink) => {
      enterSuite({ participantId: entered.suite._participantId, suiteId: entered.suite._id, parentOrigin: null, study: link }, entered.suite);
      void navigate('/', { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    let active = true;
    setView({ kind: 'entering' });
    const link = studyLinkOf(slug, query);
    // The device is checked before the consent, by the server, before it makes any suite: a
    // participant who cannot take part is told why first, and holds no place in the study.
    readDeviceFacts()
      .then((device) => enterStudyLink(link, attempt > 0, device))
      .then(
        (entry) => {
          if (!active) return;
          if (!('suite' in entry)) {
            leaveSuite();
            setView({ kind: 'device', problems: entry.deviceProblems, study: entry.study });
          } else if (needsConsent(entry.study)) {
            // The tab holds the participant only once they agreed: the hub is never reached around the consent.
            leaveSuite();
            setView({ kind: 'consent', entered: entry, link });
          } else toHub(entry, link);
        },
        (error: unknown) => {
          if (!active) return;
          // A link that does not lead in must not leave an older participant's session behind in this tab.
          leaveSuite();
          setView(isOpenElsewhere(error) ? { kind: 'elsewhere' } : { kind: 'refused', refusal: refusalOf(error) });
        },
      );
    return () => {
      active = false;
    };
  }, [slug, query, attempt, toHub]);

  useStudyLanguage(view.kind === 'consent' ? view.entered.study : view.kind === 'device' || view.kind === 'declined' ? view.study : null);
  // A researcher's preview says so on every page of the run (ADR 073).
  const preview = studyLinkOf(slug, query).preview === true && view.kind !== 'refused';
  let page: ReactNode;
  if (view.kind === 'device') page = <DeviceRefused problems={view.problems} />;
  else if (view.kind === 'elsewhere') page = <OpenElsewhere onRetry={() => setAttempt((n) => n + 1)} />;
  else if (view.kind === 'refused') page = <Refused refusal={view.refusal} />;
  else if (view.kind === 'consent') {
    const { link } = view;
    const { suite, study } = view.entered;
    const current = view.entered;
    const agree = (language: Language) => {
      setBusy('agree');
      setDeclineFailed(false);
      acceptConsent(suite._participantId, suite._id, study.consentVersion, language).then(
        () => toHub(current, link),
        (error: unknown) => {
          setBusy(null);
          // The text changed since it was shown: enter again to show the new one.
          if (isConsentChanged(error)) {
            setConsentChanged(true);
            setAttempt((n) => n + 1);
          } else {
            setView({ kind: 'refused', refusal: 'failed' });
          }
        },
      );
    };
    // Not agreeing is an answer too: the server lets the suite go when nothing is recorded in it.
    // Failing, the consent stays on screen with the reason, for another try.
    const decline = () => {
      setBusy('decline');
      setDeclineFailed(false);
      declineConsent(suite._participantId, suite._id).then(
        ({ removed, redirectUrl }) => {
          setBusy(null);
          setView({ kind: 'declined', removed, redirectUrl, study });
        },
        () => {
          setBusy(null);
          setDeclineFailed(true);
        },
      );
    };
    page = <Consent entered={current} busy={busy} changed={consentChanged} declineFailed={declineFailed} onAgree={agree} onDecline={decline} />;
  } else if (view.kind === 'declined') {
    page = <Declined removed={view.removed} redirectUrl={view.redirectUrl} />;
  } else {
    page = <JoiningStatus />;
  }
  return (
    <>
      {preview && (
        <Section>
          <PreviewBanner />
        </Section>
      )}
      {page}
    </>
  );
}
