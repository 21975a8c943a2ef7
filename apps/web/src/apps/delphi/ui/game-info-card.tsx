import type { ReactNode } from 'react';
import { Button, Card, Text, Title } from '@mantine/core';
import { useHintStyle } from '../../../game-kit/input/input-hints';

/**
 * A game's instruction screen between its rounds: a title, what comes next, and the one button
 * that goes on (focused, so Enter or Space does). `hints`, when given, say how to answer by touch
 * or by keys, following the last input used; they stand below the button, so a change of hint
 * never moves the button under the pointer.
 */
export function GameInfoCard({
  title,
  body,
  action,
  onAction,
  hints,
}: {
  title: string;
  body: ReactNode;
  action: string;
  onAction: () => void;
  hints?: { touch: string; keys: string };
}) {
  return (
    <Card withBorder padding="xl">
      <Title order={1} mb="sm">
        {title}
      </Title>
      <Text mb="lg">{body}</Text>
      <Button onClick={onAction} w="fit-content" data-autofocus>
        {action}
      </Button>
      {hints && <InputHint {...hints} />}
    </Card>
  );
}

function InputHint({ touch, keys }: { touch: string; keys: string }) {
  const style = useHintStyle();
  return (
    <Text size="sm" c="dimmed" mt="md">
      {style === 'touch' ? touch : keys}
    </Text>
  );
}
