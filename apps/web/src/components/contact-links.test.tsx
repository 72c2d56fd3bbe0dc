import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { AddressLink, EmailLink, PhoneLink } from './contact-links';

describe('contact links', () => {
  it('calls a phone number with a tap', () => {
    renderWithProviders(<PhoneLink phone="(02) 9555 0101" />);

    expect(screen.getByRole('link', { name: '(02) 9555 0101' })).toHaveAttribute('href', 'tel:0295550101');
  });

  it('shows a phone number without digits as text', () => {
    renderWithProviders(<PhoneLink phone="ask at reception" />);

    expect(screen.getByText('ask at reception')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens an address in maps, in a new tab, keeping its lines', () => {
    renderWithProviders(<AddressLink address={'PO Box 12\nSydney NSW 2001'} />);

    const link = screen.getByRole('link', { name: /PO Box 12\s+Sydney NSW 2001/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=PO+Box+12%2C+Sydney+NSW+2001',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('writes to an email address', () => {
    renderWithProviders(<EmailLink email="accounts@acme.com.au" />);

    expect(screen.getByRole('link', { name: 'accounts@acme.com.au' })).toHaveAttribute(
      'href',
      'mailto:accounts@acme.com.au',
    );
  });
});
