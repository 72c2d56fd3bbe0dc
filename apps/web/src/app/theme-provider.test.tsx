import { Button } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { themeCss } from './theme-css';
import { ThemeProvider } from './theme-provider';

describe('ThemeProvider', () => {
  it("has, in theme-variables.css, the theme's variables and classes as MantineProvider writes them", async () => {
    const css = themeCss();
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
    expect(css).toContain('.mantine-hidden-from-md');
    // After a change to theme.ts or a Mantine upgrade, `npx vitest run --project web -u` writes it again.
    await expect(css).toMatchFileSnapshot('./theme-variables.css');
  });

  it("gives Mantine's components their theme and context", () => {
    render(
      <ThemeProvider env="test">
        <Button>Save</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('mantine-Button-root');
  });

  it("is the light scheme, which index.html's <html> carries", () => {
    expect(indexHtml).toMatch(/<html [^>]*data-mantine-color-scheme="light"/);
  });
});
