import { Group, Text } from '@mantine/core';
import { Spinner } from '../../components/spinner';

/** The overdue figure while it loads: a line of the figure's height, so nothing under it moves when it comes. */
export function OverdueLoading() {
  return (
    <Group gap="xs" mih={44} role="status">
      <Spinner size="xs" />
      <Text size="sm" c="dimmed">
        Loading what is overdue…
      </Text>
    </Group>
  );
}
