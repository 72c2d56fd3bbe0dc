import { Badge } from '@mantine/core';

/** Marks the organisation's default template for its document: the one that document's PDFs are made with. */
export function DefaultBadge() {
  return (
    <Badge size="sm" radius="sm" ml="xs" style={{ verticalAlign: 'middle' }}>
      Default
    </Badge>
  );
}
