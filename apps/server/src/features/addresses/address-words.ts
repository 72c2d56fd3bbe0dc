/** Australian address vocabulary (AS 4590 / Australia Post): street types, suffixes, states, sub-premises. */

export interface Term {
  name: string;
  abbreviation: string;
}

const terms = (pairs: [string, string][]): Term[] =>
  pairs.map(([name, abbreviation]) => ({ name, abbreviation }));

export const STREET_TYPES = terms([
  ['Street', 'St'],
  ['Road', 'Rd'],
  ['Avenue', 'Ave'],
  ['Drive', 'Dr'],
  ['Court', 'Ct'],
  ['Place', 'Pl'],
  ['Lane', 'La'],
  ['Crescent', 'Cres'],
  ['Parade', 'Pde'],
  ['Highway', 'Hwy'],
  ['Boulevard', 'Bvd'],
  ['Terrace', 'Tce'],
  ['Close', 'Cl'],
  ['Way', 'Way'],
  ['Circuit', 'Cct'],
  ['Grove', 'Gr'],
  ['Square', 'Sq'],
  ['Esplanade', 'Esp'],
  ['Parkway', 'Pwy'],
  ['Promenade', 'Prom'],
  ['Rise', 'Rise'],
  ['Walk', 'Walk'],
  ['Track', 'Trk'],
  ['Loop', 'Loop'],
  ['Mews', 'Mews'],
  ['Row', 'Row'],
  ['Glade', 'Gld'],
  ['Green', 'Grn'],
  ['Gardens', 'Gdns'],
  ['Quay', 'Qy'],
  ['Circle', 'Cir'],
  ['View', 'Vw'],
  ['Vista', 'Vsta'],
  ['Ridge', 'Rdge'],
  ['Outlook', 'Otlk'],
  ['Retreat', 'Rtt'],
  ['Mall', 'Mall'],
  ['Arcade', 'Arc'],
  ['Alley', 'Ally'],
  ['Broadway', 'Bdwy'],
  ['Chase', 'Ch'],
  ['Cove', 'Cove'],
  ['Heights', 'Hts'],
  ['Junction', 'Jnc'],
  ['Link', 'Link'],
  ['Point', 'Pt'],
  ['Freeway', 'Fwy'],
  ['Motorway', 'Mwy'],
  ['Causeway', 'Cswy'],
  ['Concourse', 'Con'],
  ['Crossing', 'Cso'],
  ['Grange', 'Gra'],
  ['Hill', 'Hill'],
  ['Pathway', 'Path'],
  ['Plaza', 'Plza'],
  ['Reserve', 'Res'],
  ['Strand', 'Stra'],
  ['Wynd', 'Wynd'],
]);

export const STREET_SUFFIXES = terms([
  ['North', 'N'],
  ['South', 'S'],
  ['East', 'E'],
  ['West', 'W'],
  ['Central', 'CN'],
  ['Extension', 'EX'],
  ['Lower', 'LR'],
  ['Upper', 'UP'],
]);

export const STATES = terms([
  ['New South Wales', 'NSW'],
  ['Victoria', 'VIC'],
  ['Queensland', 'QLD'],
  ['South Australia', 'SA'],
  ['Western Australia', 'WA'],
  ['Tasmania', 'TAS'],
  ['Northern Territory', 'NT'],
  ['Australian Capital Territory', 'ACT'],
]);

export const UNIT_TYPES = terms([
  ['Unit', 'U'],
  ['Apartment', 'Apt'],
  ['Flat', 'F'],
  ['Shop', 'Shop'],
  ['Suite', 'Ste'],
  ['Villa', 'Vlla'],
  ['Townhouse', 'Th'],
  ['Office', 'Ofc'],
  ['Factory', 'Fy'],
  ['Warehouse', 'Whse'],
]);

export const LEVEL_TYPES = terms([
  ['Level', 'L'],
  ['Floor', 'Fl'],
  ['Ground', 'G'],
  ['Basement', 'B'],
  ['Mezzanine', 'M'],
]);

/** Other spellings people type for the same words. */
const ALIASES: Record<string, string> = { av: 'avenue', blvd: 'boulevard', crt: 'court', lvl: 'level' };

/** Looks a word up by its name, abbreviation or a common alias, ignoring case and a full stop ("St."). */
export function lookUp(list: Term[], word: string): Term | undefined {
  const typed = word.replace(/\.$/, '').toLowerCase();
  const key = ALIASES[typed] ?? typed;
  return list.find((term) => term.name.toLowerCase() === key || term.abbreviation.toLowerCase() === key);
}
