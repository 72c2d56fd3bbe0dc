import { DEFAULT_TIME_ZONE } from '@fieldbook/domain';
import { createContext, use } from 'react';

/**
 * The organisation's time zone, in which every screen shows times and counts "today", whatever the device's. The
 * signed-in layout provides it from the membership (GET /tenant); until that has loaded it is the default.
 */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The organisation's time zone ("Australia/Perth"). */
export function useTimeZone(): string {
  return use(TimeZoneContext);
}

let last = DEFAULT_TIME_ZONE;

/** The membership's read notes the organisation's zone here as well, for the route loaders (outside React). */
export function rememberTimeZone(timeZone: string): void {
  last = timeZone;
}

/** The zone of the membership last read (the default before it has loaded). */
export const lastTimeZone = (): string => last;
