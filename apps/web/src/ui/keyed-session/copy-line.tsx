import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The words of a copy button, in the area's language. */
export interface CopyTexts {
  readonly copy: string;
  readonly copied: string;
}

/** A labelled value (a key, a link) shown in full with a button that copies it. */
export function CopyLine({ label, value, testId, texts }: { label: string; value: string; testId: string; texts: CopyTexts }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Code data-testid={testId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={`${texts.copy}: ${label}`}>
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
