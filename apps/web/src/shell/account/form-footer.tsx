import { Alert, Button, Group } from '@mantine/core';

export interface FormFooterProps {
  /** The server's message for the last try, shown as an alert. */
  failure: string | null;
  /** Back or Cancel: closes the modal. */
  dismissLabel: string;
  onDismiss: () => void;
  submitLabel: string;
  disabled: boolean;
  busy: boolean;
}

/** The end of every account modal form: the failure, then dismiss and submit. */
export function FormFooter({ failure, dismissLabel, onDismiss, submitLabel, disabled, busy }: FormFooterProps) {
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        <Button type="submit" disabled={disabled} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
