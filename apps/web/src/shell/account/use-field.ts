/**
 * One text field's state for the account forms: its value, its current error (whether or not
 * shown, so buttons can stay disabled), and the error to show once the person has left the
 * field or typed in it after that. Mantine's `error` prop wires aria-invalid and the message.
 */
import { useState, type ChangeEvent } from 'react';

export interface Field {
  value: string;
  /** The error of the current value, shown or not. */
  error: string | null;
  setValue(value: string): void;
  /** Show the error now (e.g. on a submit attempt). */
  touch(): void;
  /** Empty again and untouched, e.g. after a successful send. */
  reset(): void;
  inputProps: {
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    onBlur(): void;
    error: string | undefined;
  };
}

export function useField(validate: (value: string) => string | null, initial = ''): Field {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = validate(value);
  return {
    value,
    error,
    setValue,
    touch: () => setTouched(true),
    reset: () => {
      setValue('');
      setTouched(false);
    },
    inputProps: {
      value,
      onChange: (event) => setValue(event.currentTarget.value),
      onBlur: () => setTouched(true),
      error: touched && error ? error : undefined,
    },
  };
}
