import { useEffect, useState } from 'react';
import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOT_FOUND_DELAY_MS } from '@chi/contract';
import { Section } from '../../ui/section';

/**
 * Unknown paths (SPEC §2) show `Page not found` only after 0.5 s, so a route that is still
 * settling (a redirect, a lazy child) never flashes the message.
 */
export function NotFound() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(false);
    const timer = setTimeout(() => setVisible(true), NOT_FOUND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  if (!visible) return null;
  return (
    <Section>
      <Stack gap="sm" py="xl">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.path')}</Text>
        <Code block>{pathname}</Code>
        <Anchor component={Link} to="/">
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Section>
  );
}
