import type { CSSProperties, ReactNode } from 'react';

/**
 * The page of a screen outside the signed-in shell (Page not found, Signed out, a failed sign-in, the invitation):
 * Mantine's `Container component="main" py="xl"` as the element with Mantine's classes (Container.css).
 */
export function PageColumn({ narrow = false, children }: { narrow?: boolean; children: ReactNode }) {
  const style = {
    '--container-size': `var(--container-size-${narrow ? 'sm' : 'md'})`,
    paddingBlock: 'var(--mantine-spacing-xl)',
  } as CSSProperties;
  return (
    <main className="m_7485cace mantine-Container-root" data-strategy="block" style={style}>
      {children}
    </main>
  );
}
