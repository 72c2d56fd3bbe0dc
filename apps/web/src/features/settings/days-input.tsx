import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { NARROW } from './field-group';
import { daysFrom } from './typed-days';

interface DaysInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The number of days as saved: the box starts from it. */
  saved: number;
  /** The days the box means (NaN for anything but a whole number, which the schema refuses). */
  onDays: (days: number) => void;
}

/** A narrow box for a whole number of days: it keeps what was typed, the form gets the number it means. */
export function DaysInput({ saved, onDays, ...props }: DaysInputProps) {
  const [typed, setTyped] = useState(String(saved));
  return (
    <TextInput
      required
      inputMode="numeric"
      autoComplete="off"
      styles={NARROW}
      {...props}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onDays(daysFrom(event.currentTarget.value));
      }}
    />
  );
}
