import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APP_IDS } from '@chi/contract';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useClientConfig } from '../../shell/config/config-context';
import { appLinks } from './app-links';

/** The overview: every app of the framework, what it is for, and a link to its home. */
export function ShowcaseHome() {
  const { t } = useTranslation('showcase');
  const { config } = useClientConfig();
  const links = appLinks(window.location, config?.publicDomain);
  useDocumentTitle(t('home.title'));
  return (
    <Section>
      <PageIntro title={t('home.title')} lead={t('home.lead')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" pb="xl">
        {APP_IDS.map((app) => {
          const name = t(`home.apps.${app}.name`);
          return (
            <Paper key={app} withBorder p="lg" radius="md" component="article">
              <Title order={2} size="h4" mb="xs">
                {name}
              </Title>
              <Text size="sm" mb="sm">
                {t(`home.apps.${app}.body`)}
              </Text>
              <Anchor href={links[app]} fw={500}>
                {t('home.open', { name })}
              </Anchor>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}
