import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateErrorMessage } from '../i18n/error-message';
import { useStatus } from './status-store';

export interface StatusMessageProps {
  operation: string;
}

/**
 * Shows the current message of one operation. Errors are announced as alerts; other messages
 * politely as status. Success is shown only when the caller asked for it (verbose).
 */
export function StatusMessage({ operation }: StatusMessageProps) {
  const message = useStatus(operation);
  const { t } = useTranslation();
  if (!message) return null;
  if (message.isSuccess && !message.verbose) return null;
  const color = message.isError ? 'red' : message.isWarning ? 'yellow' : message.isSuccess ? 'green' : 'blue';
  return (
    <Alert role={message.isError ? 'alert' : 'status'} color={color} variant="light" data-operation={operation}>
      {message.isError ? translateErrorMessage(t, message.body) : message.body}
    </Alert>
  );
}
