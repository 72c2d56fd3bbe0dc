import { Anchor } from '@mantine/core';
import { mapsHref, telHref } from '../lib/contact-links';
import { TAP_TARGET } from './tap-targets';

// Each stands alone as a record's detail, so on a phone it is a tap target of 44 px (`tap-targets.css`).

/** A phone number a phone can call with a tap (a `tel:` link); as plain text when it has no digits. */
export function PhoneLink({ phone }: { phone: string }) {
  const href = telHref(phone);
  return href ? (
    <Anchor href={href} className={TAP_TARGET}>
      {phone}
    </Anchor>
  ) : (
    phone
  );
}

/** An address that opens in Google Maps (the phone's maps app), in a new tab; its line breaks are kept. */
export function AddressLink({ address }: { address: string }) {
  return (
    <Anchor
      href={mapsHref(address)}
      className={TAP_TARGET}
      target="_blank"
      rel="noopener noreferrer"
      style={{ whiteSpace: 'pre-line' }}
    >
      {address}
    </Anchor>
  );
}

/** An email address that opens the mail app. */
export function EmailLink({ email }: { email: string }) {
  return (
    <Anchor href={`mailto:${email}`} className={TAP_TARGET}>
      {email}
    </Anchor>
  );
}
