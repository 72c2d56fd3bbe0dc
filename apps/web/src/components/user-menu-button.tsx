import type { ComponentPropsWithRef } from 'react';
import { ScreenReaderText } from './screen-reader-text';
import './user-menu-button.css';

interface UserMenuButtonProps extends ComponentPropsWithRef<'button'> {
  userName: string;
  organisation: string | undefined;
}

/**
 * The user menu's button: it names the organisation the user is working in and the user, on every page and at
 * every width (each cut short with an ellipsis on a narrow phone). A plain button with Mantine's UnstyledButton
 * classes. Its name is its text ("Harbourside Plumbing & Gas – signed in as Dana Demo", the middle words for screen
 * readers only), so what a speech user reads on it is in its name (WCAG 2.5.3). A dash, not a comma: a browser
 * puts a space before words that are out of the flow, as these are.
 */
export function UserMenuButton({ userName, organisation, className, ...button }: UserMenuButtonProps) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      {...button}
      // The menu's target adds its own classes.
      className={`mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root user-menu-button ${className ?? ''}`.trimEnd()}
    >
      <div className="user-menu-button-names">
        {organisation && (
          <p className="user-menu-button-line user-menu-button-organisation">
            {organisation} <ScreenReaderText>– signed in as</ScreenReaderText>
          </p>
        )}
        <p className={organisation ? 'user-menu-button-line user-menu-button-user' : 'user-menu-button-line'}>
          {userName}
        </p>
      </div>
      <span aria-hidden="true">▾</span>
    </button>
  );
}
