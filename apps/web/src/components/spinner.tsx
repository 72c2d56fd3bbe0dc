import type { CSSProperties } from 'react';

/** Mantine's loader sizes (Loader.css), or a length. */
type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | (string & {});
const named = new Set(['xs', 'sm', 'md', 'lg', 'xl']);

interface SpinnerProps {
  size?: SpinnerSize;
  /** A CSS colour; the primary colour by default. */
  color?: string;
}

/**
 * A spinning circle, hidden from screen readers (say what is loading beside it): Mantine's Loader (its oval) as
 * one span with Mantine's classes (Loader.css), without the component's code and its other two loaders.
 */
export function Spinner({ size = 'md', color }: SpinnerProps) {
  const style = {
    '--loader-size': named.has(size) ? `var(--loader-size-${size})` : size,
    '--loader-color': color,
  } as CSSProperties;
  return <span aria-hidden="true" className="m_5ae2e3c mantine-Loader-root m_b34414df" style={style} />;
}
