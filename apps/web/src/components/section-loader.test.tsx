import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { holdNetwork } from '../lib/network';
import { renderWithProviders } from '../testing/render';
import { NEEDS_CONNECTION, NEEDS_SIGN_IN, SectionLoader } from './section-loader';

afterEach(() => {
  holdNetwork(false);
  onlineManager.setOnline(true);
});

describe('SectionLoader', () => {
  it('says a section waits for the network when there is none', () => {
    onlineManager.setOnline(false);
    renderWithProviders(<SectionLoader />);
    expect(screen.getByRole('status')).toHaveTextContent(NEEDS_CONNECTION);
  });

  it('says it waits for the sign-in, not a connection, while the sign-in has ended on a device that is online', () => {
    renderWithProviders(<SectionLoader />);
    act(() => {
      holdNetwork(true, true);
      // What the held network does to TanStack Query's view (`watchNetwork`): reads pause.
      onlineManager.setOnline(false);
    });
    expect(screen.getByRole('status')).toHaveTextContent(NEEDS_SIGN_IN);

    // An app started offline holds the reads back too: that one waits for the network.
    act(() => holdNetwork(true, false));
    expect(screen.getByRole('status')).toHaveTextContent(NEEDS_CONNECTION);
  });
});
