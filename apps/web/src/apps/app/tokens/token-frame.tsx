import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** The frame of every mail-link page: one titled card in the middle of the page. */
export function TokenFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Section>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} my="xl" maw={560} mx="auto">
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Section>
  );
}

export function TokenChecking() {
  const { t } = useTranslation('app');
  return (
    <Center py="md">
      <Loader aria-label={t('token.checking')} />
    </Center>
  );
}

/** What to ask for instead of a used or expired link. */
export type TokenRemedy = 'activation' | 'reset' | 'account';

/** An expired or used link: say so plainly and offer the way to a new one. */
export function TokenProblem({ remedy }: { remedy: TokenRemedy }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title={t('token.problemTitle')}>
        {t('token.problem')}
      </Alert>
      <Group>
        {remedy === 'activation' && (
          <Button onClick={() => void navigate('/?modal=register&redirect=%2F')}>{t('token.askActivation')}</Button>
        )}
        {remedy === 'reset' && <Button onClick={() => void navigate('/?modal=forgot')}>{t('token.askReset')}</Button>}
        {remedy === 'account' && (
          <Button component={Link} to="/cloud">
            {t('token.toAccount')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function SuccessText({ children }: { children: ReactNode }) {
  return (
    <Alert color="green" variant="light" role="status">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
