import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { useDocumentTitle } from '../../ui/use-document-title';

/** `/api`: the API landing page (SPEC §2): its title, a menu bar with Home, then the child page. */
export function ApiPagesLayout() {
  const { t } = useTranslation('api');
  useDocumentTitle(t('pages.title'));
  return (
    <Section>
      <Title order={1} pt="xl" pb="md">
        {t('pages.title')}
      </Title>
      <Paper withBorder radius="md" px="md" py="xs" mb="lg" bg="gray.0">
        <Group component="nav" aria-label={t('pages.menu')} gap="lg">
          <Anchor component={Link} to="/api" fw={500}>
            {t('pages.home')}
          </Anchor>
        </Group>
      </Paper>
      <Outlet />
    </Section>
  );
}
