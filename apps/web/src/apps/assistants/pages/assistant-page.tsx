import { Link, useParams } from 'react-router';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePagesTranslation } from './i18n/use-pages-translation';
import { AssistantUnavailable, PageLoader } from './assistant-unavailable';
import { useAssistant } from './use-assistant';

/** `/custom/assistant/{_assistantId}` and `/teaching/assistant/{_assistantId}`: what the assistant is, and a way in. */
export function AssistantPage() {
  const { t } = usePagesTranslation();
  const { _assistantId: id = '' } = useParams();
  const [load] = useAssistant(id);
  useDocumentTitle(load.state === 'ready' ? load.assistant.name : t('list.customTitle'));
  if (load.state === 'loading') return <PageLoader />;
  if (load.state === 'failed') return <AssistantUnavailable status={load.status} />;
  const assistant = load.assistant;
  return (
    <Section>
      <PageIntro title={assistant.name} lead={assistant.description}>
        <Group gap="sm">
          <Avatar src={assistant.avatarUrl} alt="" radius="xl" size="lg" name={assistant.name} color="initials" />
          <Stack gap={0}>
            {assistant._ownerName && <Text size="sm">{t('list.by', { name: assistant._ownerName })}</Text>}
            {assistant.course && <Text size="sm">{t('list.course', { course: assistant.course })}</Text>}
          </Stack>
        </Group>
        {assistant.kind === 'teaching' && (
          <Alert color="blue" variant="light">
            {assistant.course ? t('thread.instructorNotice', { course: assistant.course }) : t('thread.instructorNoticeNoCourse')}
          </Alert>
        )}
        <Group gap="sm">
          <Button component={Link} to={`/assistant/${assistant._id}/thread`}>
            {t('editor.openChat')}
          </Button>
          {assistant.abilities.manage && (
            <Button component={Link} to={`/assistant/${assistant._id}/ad`} variant="default">
              {t('list.manage')}
            </Button>
          )}
        </Group>
      </PageIntro>
      {assistant.abilities.manage && assistant.instructions && (
        <Stack pb="xl" maw={760}>
          <Text fw={600}>{t('editor.instructions')}</Text>
          <LazyMarkdownView markdown={assistant.instructions} />
        </Stack>
      )}
    </Section>
  );
}
