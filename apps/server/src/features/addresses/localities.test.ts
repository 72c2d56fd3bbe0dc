import { describe, expect, it } from 'vitest';
import { buildLocalityIndex, type LocalityRecord, titleCase } from './localities.ts';

const record = (
  locality: string,
  state: string,
  postcode: string,
  remoteness = '1',
  type = 'Delivery Area',
) =>
  ({
    locality,
    state,
    postcode,
    type,
    RA_2016: remoteness,
    Lat_precise: -37.8,
    Long_precise: 145,
  }) as LocalityRecord;

const index = buildLocalityIndex([
  record('RICHMOND', 'VIC', '3121'),
  record('RICHMOND', 'QLD', '4822', '5'),
  record('RICHMOND', 'NSW', '2753', '2'),
  record('RICHMOND', 'NSW', '2753', '2'),
  record('RICH AVON', 'VIC', '3480', '3'),
  record('RICHARDS', 'NSW', '2765'),
  record('RICHMOND', 'VIC', '3121', '1', 'Post Office Boxes'),
  record('BURNLEY', 'VIC', '3121'),
  record('MOUNT WAVERLEY', 'VIC', '3149'),
  record('ST KILDA', 'VIC', '3182'),
  record('NOWHERE', 'XX', '0000'),
]);

const names = (found: { name: string; state: { abbreviation: string }; postcode: string }[]) =>
  found.map((l) => `${l.name} ${l.state.abbreviation} ${l.postcode}`);

describe('buildLocalityIndex', () => {
  it('keeps one entry per locality, state and postcode, and drops PO boxes and unknown states', () => {
    expect(index.size).toBe(8);
  });

  it('finds by the start of the name: exact names first, then cities before the bush', () => {
    expect(names(index.search({ locality: 'rich', state: null, postcode: null }, 10))).toEqual([
      'Richards NSW 2765',
      'Richmond VIC 3121',
      'Richmond NSW 2753',
      'Rich Avon VIC 3480',
      'Richmond QLD 4822',
    ]);
    expect(names(index.search({ locality: 'Richmond', state: null, postcode: null }, 2))).toEqual([
      'Richmond VIC 3121',
      'Richmond NSW 2753',
    ]);
  });

  it('narrows by state and postcode', () => {
    const qld = index.search(
      { locality: 'rich', state: { name: 'Queensland', abbreviation: 'QLD' }, postcode: null },
      10,
    );
    expect(names(qld)).toEqual([]);
    expect(names(index.search({ locality: 'rich', state: null, postcode: '27' }, 10))).toEqual([
      'Richards NSW 2765',
      'Richmond NSW 2753',
    ]);
  });

  it('finds by postcode alone', () => {
    expect(names(index.search({ locality: null, state: null, postcode: '3121' }, 10))).toEqual([
      'Burnley VIC 3121',
      'Richmond VIC 3121',
    ]);
  });

  it('reads Mt as Mount and Saint as St', () => {
    expect(names(index.search({ locality: 'Mt Wav', state: null, postcode: null }, 10))).toEqual([
      'Mount Waverley VIC 3149',
    ]);
    expect(names(index.search({ locality: 'saint k', state: null, postcode: null }, 10))).toEqual([
      'St Kilda VIC 3182',
    ]);
  });

  it('finds nothing without a locality or postcode', () => {
    expect(index.search({ locality: null, state: null, postcode: null }, 10)).toEqual([]);
  });
});

describe('titleCase', () => {
  it.each([
    ['RICHMOND', 'Richmond'],
    ['ST KILDA EAST', 'St Kilda East'],
    ["O'CONNOR", "O'Connor"],
    ['MCMAHONS POINT', 'McMahons Point'],
    ['WAGGA WAGGA', 'Wagga Wagga'],
    ['KIRRA-BILLA', 'Kirra-Billa'],
  ])('%s → %s', (name, expected) => {
    expect(titleCase(name)).toBe(expected);
  });
});
