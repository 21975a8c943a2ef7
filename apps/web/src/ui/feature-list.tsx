import { SimpleGrid, Paper, Text, Title } from '@mantine/core';

export interface Feature {
  title: string;
  body: string;
}

/** Cards that explain what a page offers; used by the app homes. */
export function FeatureList({ features, headingOrder = 2 }: { features: readonly Feature[]; headingOrder?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" pb="xl">
      {features.map((feature) => (
        <Paper key={feature.title} withBorder p="lg" radius="md">
          <Title order={headingOrder} size="h4" mb="xs">
            {feature.title}
          </Title>
          <Text size="sm">{feature.body}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
