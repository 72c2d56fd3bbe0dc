import { NativeSelect, type NativeSelectProps } from '@mantine/core';

/** Australia's zones, for a browser that cannot list its own (`Intl.supportedValuesOf`). */
const AUSTRALIAN_ZONES = [
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Broken_Hill',
  'Australia/Darwin',
  'Australia/Eucla',
  'Australia/Hobart',
  'Australia/Lindeman',
  'Australia/Lord_Howe',
  'Australia/Melbourne',
  'Australia/Perth',
  'Australia/Sydney',
];

function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return AUSTRALIAN_ZONES;
  }
}

interface TimeZoneSelectProps extends Omit<NativeSelectProps, 'data'> {
  /** The zone as saved: always offered. */
  saved: string;
}

/** The organisation's time zone: Australia's first, then every other zone the browser knows. */
export function TimeZoneSelect({ saved, ...select }: TimeZoneSelectProps) {
  const zones = knownZones();
  if (!zones.includes(saved)) zones.push(saved);
  const australian = zones.filter((zone) => zone.startsWith('Australia/')).sort();
  const others = zones.filter((zone) => !zone.startsWith('Australia/')).sort();
  return (
    <NativeSelect
      data={[
        { group: 'Australia', items: australian },
        { group: 'Elsewhere', items: others },
      ]}
      {...select}
    />
  );
}
