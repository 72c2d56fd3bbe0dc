import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';
import './theme-variables.css';

const noop = () => {};

/**
 * What Mantine's components read of their provider (`MantineContext`, the theme), in the light colour scheme.
 * `MantineProvider` also writes the theme's CSS variables and global classes into the page at run time, and keeps
 * the colour scheme in local storage: some 4 KB of every first screen's download. The app has one theme and one
 * scheme, so those are written once, into `theme-variables.css` (a test checks it is what `MantineProvider` writes:
 * `theme-css.ts`), and `index.html`'s `<html>` carries the scheme.
 */
export function ThemeProvider({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineContext
      value={{
        colorScheme: 'light',
        setColorScheme: noop,
        clearColorScheme: noop,
        getRootElement: () => document.documentElement,
        classNamesPrefix: 'mantine',
        cssVariablesResolver,
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        env,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
