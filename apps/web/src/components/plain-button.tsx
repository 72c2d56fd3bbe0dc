import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import { Spinner } from './spinner';
import './plain-button.css';

/** Mantine's class names for its Button (`Button.classes`) on an `UnstyledButton` (`UnstyledButton.classes`). */
export const mantineButtonClasses = {
  unstyled: 'm_87cf2631',
  root: 'm_77c9d27d',
  inner: 'm_80f1301b',
  label: 'm_811560b9',
  section: 'm_a74036a',
  loader: 'm_a25b86ee',
} as const;
const classes = mantineButtonClasses;

interface ButtonLook {
  variant?: 'filled' | 'default' | 'light' | 'subtle';
  size?: 'sm' | 'xs' | 'compact-sm' | 'xl';
  /** Before the label (an icon). */
  leftSection?: ReactNode;
  /** As wide as its container. */
  fullWidth?: boolean;
  /** Disabled, with a spinner over the label. */
  loading?: boolean;
  /** Looks disabled (a link that leads nowhere); it stays in the page as it is. */
  'data-disabled'?: boolean;
  /** A button's own `disabled`. */
  disabled?: boolean;
}

type PlainButtonProps<C extends ElementType> = ButtonLook & { component?: C } & Omit<
    ComponentPropsWithRef<C>,
    keyof ButtonLook | 'component'
  >;

/**
 * A button of the first screen (the header, the customer list) that looks and behaves as Mantine's `Button`: the
 * same elements with Mantine's classes and CSS (Button.css), the variant and size in `plain-button.css`. Mantine's
 * component brought its transition and group code, 3 KB of the first download, for these few buttons and links.
 * `component` renders another element: `<PlainButton component={Link} to={…}>`.
 */
export function PlainButton<C extends ElementType = 'button'>({
  component,
  variant = 'filled',
  size = 'sm',
  leftSection,
  fullWidth = false,
  loading = false,
  'data-disabled': looksDisabled = false,
  disabled = false,
  className,
  children,
  ...others
}: PlainButtonProps<C>) {
  const Root: ElementType = component ?? 'button';
  const isButton = Root === 'button';
  const active = !loading && !looksDisabled && !disabled;
  return (
    <Root
      type={isButton ? 'button' : undefined}
      {...others}
      className={[
        'mantine-focus-auto',
        active && 'mantine-active',
        `${classes.root} mantine-Button-root ${classes.unstyled} mantine-UnstyledButton-root plain-button`,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      data-variant={variant}
      data-size={size}
      data-disabled={looksDisabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      data-with-left-section={leftSection ? true : undefined}
      disabled={isButton ? loading || disabled : undefined}
    >
      {loading && (
        <span className={`${classes.loader} mantine-Button-loader plain-button-loader`} aria-hidden="true">
          <Spinner color="var(--button-color)" size="calc(var(--button-height) / 1.8)" />
        </span>
      )}
      <span className={`${classes.inner} mantine-Button-inner`}>
        {leftSection && (
          <span className={`${classes.section} mantine-Button-section`} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={`${classes.label} mantine-Button-label`} data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </Root>
  );
}
