import { Link, type LinkProps } from 'react-router';

interface TextLinkProps extends LinkProps {
  /** Underlined under the pointer (Mantine's default), or never. */
  underline?: 'hover' | 'never';
}

/**
 * A link in the app's text colour for links: Mantine's `Anchor` on a router `Link`, as the one element with
 * Mantine's classes (Anchor.css, Text.css), so the first screen does without the component's code.
 */
export function TextLink({ underline = 'hover', className, ...link }: TextLinkProps) {
  return (
    <Link
      className={`mantine-focus-auto m_849cf0da mantine-Anchor-root m_b6d8b162 mantine-Text-root ${className ?? ''}`.trimEnd()}
      data-underline={underline}
      {...link}
    />
  );
}
