import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Avatar, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePagesTranslation } from './i18n/use-pages-translation';

type Kind = assistants.AssistantKind;

export function useAssistants(kind: Kind) {
  const [list, setList] = useState<assistants.Assistant[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void runAction(assistants.listAssistants, { kind }, { fresh: true }).then((result) => {
      if (live) setList(result.ok ? result.data.assistants : []);
    });
    return () => {
      live = false;
    };
  }, [kind]);
  return list;
}

function AssistantCard({ assistant }: { assistant: assistants.Assistant }) {
  const { t } = usePagesTranslation();
  const base = assistant.kind === 'teaching' ? '/teaching' : '/custom';
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={assistant.avatarUrl} alt="" radius="xl" name={assistant.name} color="initials" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              <Link to={`${base}/assistant/${assistant._id}`}>{assistant.name}</Link>
            </Title>
            {assistant._ownerName && (
              <Text size="sm" c="dimmed">
                {t('list.by', { name: assistant._ownerName })}
              </Text>
            )}
          </Stack>
        </Group>
        {assistant.course && <Text size="sm">{t('list.course', { course: assistant.course })}</Text>}
        {assistant.description && (
          <Text size="sm" lineClamp={3}>
            {assistant.description}
          </Text>
        )}
        <Group gap="xs">
          <Badge variant="light" color={assistant._published ? 'green' : 'gray'}>
            {assistant._published ? t('list.published') : t('list.draft')}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button component={Link} to={`/assistant/${assistant._id}/thread`} size="sm" aria-label={`${t('list.chat')}: ${assistant.name}`}>
            {t('list.chat')}
          </Button>
          {assistant.abilities.manage && (
            <Button component={Link} to={`/assistant/${assistant._id}/ad`} size="sm" variant="default" aria-label={`${t('list.manage')}: ${assistant.name}`}>
              {t('list.manage')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ListPage({ kind }: { kind: Kind }) {
  const { t } = usePagesTranslation();
  const title = kind === 'teaching' ? t('list.teachingTitle') : t('list.customTitle');
  useDocumentTitle(title);
  const list = useAssistants(kind);
  return (
    <Section>
      <PageIntro title={title} lead={kind === 'teaching' ? t('list.teachingLead') : t('list.customLead')} />
      <Stack gap="lg" pb="xl">
        <Group>
          <Button component={Link} to={kind === 'teaching' ? '/assistant/new?kind=teaching' : '/assistant/new'}>
            {kind === 'teaching' ? t('list.newTeaching') : t('list.new')}
          </Button>
        </Group>
        {list === undefined && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('list.loading')}</Text>
          </Group>
        )}
        {list?.length === 0 && <Text>{t('list.empty')}</Text>}
        {list && list.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
            {list.map((assistant) => (
              <AssistantCard key={assistant._id} assistant={assistant} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}

export function CustomListPage() {
  return <ListPage kind="custom" />;
}

export function TeachingListPage() {
  return <ListPage kind="teaching" />;
}
