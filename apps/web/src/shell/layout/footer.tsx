import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section';
import { EuFlag } from './eu-flag';

/** EU funding notice and the legal pages, served on every app host (SPEC §1). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" mt="xl" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} bg="gray.0">
      <Section>
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <EuFlag title={t('footer.euFlag')} />
            <Text size="sm">{t('footer.funding')}</Text>
          </Group>
          <Group component="nav" aria-label={t('footer.legalNavigation')} gap="lg">
            <Anchor component={Link} to="/privacy" size="sm">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm">
              {t('footer.terms')}
            </Anchor>
            <Anchor component={Link} to="/cookies" size="sm">
              {t('footer.cookies')}
            </Anchor>
          </Group>
        </Group>
      </Section>
    </Box>
  );
}
