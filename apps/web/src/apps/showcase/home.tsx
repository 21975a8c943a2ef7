import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_IDS, PERMISSION_LEVELS } from '@chi/contract';
import { Section } from '../../ui/section';
import { PageIntro } from '../../ui/page-intro';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useClientConfig } from '../../shell/config/config-context';
import { usePermissionLevel } from '../../shell/session/session-store';
import { appLinks } from './app-links';

/** The instruments a visitor can try here; each is a lazy route, so the home stays light. */
export const PLAYABLE = [
  { id: 'comparison', path: '/comparison' },
  { id: 'targetSearch', path: '/targetSearch' },
  { id: 'quiz', path: '/quiz' },
] as const;

/** The front door: what the centre does, what to try, every app with a link (the EU notice is the footer's, on every page). */
export function ShowcaseHome() {
  const { t } = useTranslation('showcase');
  const { config } = useClientConfig();
  const links = appLinks(window.location, config?.publicDomain);
  const manager = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  useDocumentTitle(t('home.title'));
  return (
    <Section>
      <PageIntro title={t('home.title')} lead={t('home.lead')} />
      <Stack gap="xl" pb="xl">
        <Stack gap="xs" component="section" aria-labelledby="showcase-about">
          <Title order={2} id="showcase-about">
            {t('home.about.title')}
          </Title>
          <Text maw={760}>{t('home.about.body')}</Text>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="showcase-try">
          <Title order={2} id="showcase-try">
            {t('home.try.title')}
          </Title>
          <Text maw={760}>{t('home.try.lead')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {PLAYABLE.map(({ id, path }) => {
              const name = t(`home.try.${id}.name`);
              return (
                <Paper key={id} withBorder p="lg" radius="md" component="article">
                  <Title order={3} size="h4" mb="xs">
                    {name}
                  </Title>
                  <Text size="sm" mb="sm">
                    {t(`home.try.${id}.body`)}
                  </Text>
                  <Anchor component={Link} to={path} fw={500}>
                    {t('home.try.play', { name })}
                  </Anchor>
                </Paper>
              );
            })}
          </SimpleGrid>
          {manager && (
            <Anchor component={Link} to="/results">
              {t('nav.results')}
            </Anchor>
          )}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="showcase-apps">
          <Title order={2} id="showcase-apps">
            {t('home.appsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {APP_IDS.map((app) => {
              const name = t(`home.apps.${app}.name`);
              return (
                <Paper key={app} withBorder p="lg" radius="md" component="article">
                  <Title order={3} size="h4" mb="xs">
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
        </Stack>
      </Stack>
    </Section>
  );
}
