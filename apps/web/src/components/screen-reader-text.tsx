import type { ReactNode } from 'react';

/** Words for screen readers only: Mantine's `VisuallyHidden` as its element and class (VisuallyHidden.css). */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}
