import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** The heading block every app home starts with: an h1 and a lead paragraph. */
export function PageIntro({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text size="lg" maw={760}>
        {lead}
      </Text>
      {children}
    </Stack>
  );
}
