import { type CSSProperties, type ReactNode, useId } from 'react';

/** Mantine's red Alert (light): its colours as its varsResolver sets them; Alert.css draws the rest. */
const red = {
  '--alert-bg': 'var(--mantine-color-red-light)',
  '--alert-color': 'var(--mantine-color-red-light-color)',
  '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

interface ErrorAlertProps {
  /** A line above the message saying what failed ('Sign-in failed'). */
  title?: string;
  children: ReactNode;
  /** Space under the alert, before what follows it. */
  spaced?: boolean;
}

/**
 * A failure in a red alert (`role="alert"`): Mantine's `Alert color="red"` as its elements with Mantine's classes,
 * without the component's code (and its close button's), which the first screen would download for an error it
 * seldom shows. The app's red alerts are this one, but for one the user can dismiss (the scheduler's).
 */
export function ErrorAlert({ title, children, spaced = false }: ErrorAlertProps) {
  const id = useId();
  const titleId = title ? `${id}-title` : undefined;
  return (
    <div
      id={id}
      role="alert"
      className="m_66836ed3 mantine-Alert-root"
      aria-describedby={`${id}-body`}
      aria-labelledby={titleId}
      style={spaced ? { ...red, marginBottom: 'var(--mantine-spacing-md)' } : red}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title && (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={titleId} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          )}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
