import { Switch, type SwitchProps } from '@mantine/core';
import { useId } from 'react';

interface SwitchFieldProps extends Omit<SwitchProps, 'label'> {
  label: string;
}

/**
 * Mantine's Switch, named by its label alone. Mantine puts the label and the description in one `<label>`, so the
 * switch's name would be both, and a screen reader would read the description twice (it is also the switch's
 * `aria-describedby`).
 */
export function SwitchField({ label, ...props }: SwitchFieldProps) {
  const labelId = `${useId()}-label`;
  return <Switch {...props} label={<span id={labelId}>{label}</span>} aria-labelledby={labelId} />;
}
