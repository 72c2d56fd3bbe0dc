import { Box, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A box for a short number: the box narrow, its label and description as wide as the form. */
export const NARROW = { wrapper: { maxWidth: 260 } };

interface FieldGroupProps {
  legend: string;
  /** Help for the whole group, under its heading (a screen reader reads it with the group's name). */
  description?: string;
  children: ReactNode;
}

/** Fields that belong together, under a heading that names them for a screen reader too (a fieldset's legend). */
export function FieldGroup({ legend, description, children }: FieldGroupProps) {
  const descriptionId = useId();
  return (
    <Box
      component="fieldset"
      m={0}
      mt="md"
      p={0}
      style={{ border: 0, minWidth: 0 }}
      aria-describedby={description ? descriptionId : undefined}
    >
      <Text component="legend" fw={700} size="lg" p={0} mb="xs">
        {legend}
      </Text>
      {description && (
        <Text id={descriptionId} size="sm" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}
