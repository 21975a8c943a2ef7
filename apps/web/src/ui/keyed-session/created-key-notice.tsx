import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CopyLine } from './copy-line';
import type { CopyTexts } from './copy-line';

export interface CopiedValue {
  readonly label: string;
  readonly value: string;
  readonly testId: string;
}

/**
 * What a facilitator sees once a keyed session (a CCF session, a creative-visions event) is
 * made: its key and links, shown this once, each with a copy button, and a way to its page.
 */
export function CreatedKeyNotice({ title, shownOnce, lines, texts, open }: { title: string; shownOnce: string; lines: readonly (CopiedValue | false)[]; texts: CopyTexts; open: { to: string; label: string } }) {
  return (
    <Alert color="green" variant="light" title={title} role="status">
      <Stack gap="sm">
        <Text size="sm">{shownOnce}</Text>
        {lines.map((line) => line && <CopyLine key={line.testId} label={line.label} value={line.value} testId={line.testId} texts={texts} />)}
        <Group>
          <Button component={Link} to={open.to}>
            {open.label}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
