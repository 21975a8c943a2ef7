import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Avatar, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePagesTranslation } from './i18n/use-pages-translation';

/** `/custom/assistant/{_assistantId}` and `/teaching/assistant/{_assistantId}`: what the assistant is, and a way in. */
export function AssistantPage() {
  const { t } = usePagesTranslation();
  const { _assistantId: id = '' } = useParams();
  const [assistant, setAssistant] = useState<assistants.Assistant | null | undefined>(undefined);
  useDocumentTitle(assistant?.name ?? t('list.customTitle'));
  useEffect(() => {
    let live = true;
    void runAction(assistants.loadAssistant, {}, { id, fresh: true }).then((result) => {
      if (live) setAssistant(result.ok ? result.data : null);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (assistant === undefined) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (assistant === null) {
    return (
      <Section>
        <Alert color="red" my="xl" role="alert">
          {t('list.notFound')}
        </Alert>
      </Section>
    );
  }
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
