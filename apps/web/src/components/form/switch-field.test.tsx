import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { SwitchField } from './switch-field';

describe('SwitchField', () => {
  it('is named by its label alone and described by its description', () => {
    renderWithProviders(
      <SwitchField label="Retired" description="A retired technician takes no new jobs." />,
    );

    const toggle = screen.getByRole('switch', { name: 'Retired' });
    expect(toggle).toHaveAccessibleName('Retired');
    expect(toggle).toHaveAccessibleDescription('A retired technician takes no new jobs.');
  });

  it('adds an error to the description, not to the name', () => {
    renderWithProviders(<SwitchField label="Retired" description="Takes no new jobs." error="Not now." />);

    const toggle = screen.getByRole('switch', { name: 'Retired' });
    expect(toggle).toHaveAccessibleDescription('Takes no new jobs. Not now.');
  });
});
