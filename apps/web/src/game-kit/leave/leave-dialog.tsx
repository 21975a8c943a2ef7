/** The dialog that asks before a held leave goes ahead (watch-leaving.ts); texts come from the activity's app. */
import { Button, Group, Modal, Text } from '@mantine/core';

export interface LeaveDialogTexts {
  title: string;
  body: string;
  stay: string;
  leave: string;
}

export function LeaveDialog({ opened, texts, onStay, onLeave }: { opened: boolean; texts: LeaveDialogTexts; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title={texts.title} centered>
      <Text mb="lg">{texts.body}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onStay} data-autofocus>
          {texts.stay}
        </Button>
        <Button color="red" onClick={onLeave}>
          {texts.leave}
        </Button>
      </Group>
    </Modal>
  );
}
