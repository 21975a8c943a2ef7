import { useFormatDateTime } from '../shell/i18n/format-date';

/** A date and time in the UI language (the one formatter), machine-readable in `<time dateTime>`. */
export function DateTime({ value }: { value: string | number | Date }) {
  const format = useFormatDateTime();
  const date = value instanceof Date ? value : new Date(value);
  return <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>{format(value)}</time>;
}
