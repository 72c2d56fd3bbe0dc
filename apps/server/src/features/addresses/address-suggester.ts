import type { AddressSuggestion } from '@fieldbook/domain';
import type { TenantCaller } from '../../platform/http/member-scope.ts';

/**
 * Completes a partly typed address. The offline provider is the default; a commercial service
 * (Addressfinder, Geoscape, Google Places) fits behind the same interface: see docs/addresses.md.
 */
export interface AddressSuggester {
  /** At most MAX_ADDRESS_SUGGESTIONS suggestions for `q`, best first, for a caller in their tenant. */
  suggest(caller: TenantCaller, q: string): Promise<AddressSuggestion[]>;
}

/** The address providers that can be configured (ADDRESS_PROVIDER). */
export type { AddressProvider } from '../../platform/config.ts';
