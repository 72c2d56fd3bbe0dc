import { Title } from '@mantine/core';

/** The page's one level-1 heading; it also names the browser tab. */
export function PageHeading({ children }: { children: string }) {
  return (
    <>
      <title>{children ? `${children} · Fieldbook` : 'Fieldbook'}</title>
      <Title order={1} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Title>
    </>
  );
}
