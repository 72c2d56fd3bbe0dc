import type { Db } from '../../platform/db/database.ts';
import type { AddressProvider, AddressSuggester } from './address-suggester.ts';
import { localitySuggester } from './locality-suggester.ts';
import { tenantAddressesFirst } from './tenant-addresses.ts';

/** The configured provider, always behind the tenant's own addresses. */
export function chooseAddressSuggester(settings: { provider: AddressProvider }, db: Db): AddressSuggester {
  switch (settings.provider) {
    case 'offline':
      return tenantAddressesFirst(db, localitySuggester());
  }
}
