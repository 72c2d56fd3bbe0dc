/** Plausible Australian customers for the benchmark, from a seeded generator (the same every run). */

export const FIRST = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Mia',
  'Thomas',
  'Isla',
  'James',
  'Grace',
  'Lucas',
  'Chloe',
  'Henry',
  'Zoe',
  'Ethan',
  'Ruby',
  'Liam',
  'Sophie',
  'Oscar',
  'Priya',
  'Wei',
  'Aisha',
  'Minh',
  'Sofia',
  'Arjun',
  'Mei',
  'Omar',
  'Hannah',
  'Daniel',
];
export const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
  'Wright',
  'Tran',
  'Patel',
  'Chen',
  'Wang',
  'Singh',
  'Kowalski',
  'Russo',
  'Papadopoulos',
  "O'Brien",
];
export const TRADES = [
  'Cafe',
  'Bakery',
  'Strata Management',
  'Dental',
  'Physio',
  'Childcare',
  'Motors',
  'Pizzeria',
  'Vet Clinic',
  'Real Estate',
  'Body Corporate',
  'Guesthouse',
];
export const STREETS = [
  'Chapel St',
  'Smith St',
  'High St',
  'Church St',
  'Station St',
  'Main Rd',
  'Victoria Rd',
  'King St',
  'George St',
  'Bridge Rd',
  'Glenferrie Rd',
  'Sydney Rd',
  'Beach Rd',
  'Park Ave',
  'Hope St',
];
export const PLACES = [
  'Richmond VIC 3121',
  'Windsor VIC 3181',
  'Fitzroy VIC 3065',
  'Brunswick VIC 3056',
  'St Kilda VIC 3182',
  'Hawthorn VIC 3122',
  'Footscray VIC 3011',
  'Glebe NSW 2037',
  'Newtown NSW 2042',
  'Parramatta NSW 2150',
  'Bondi Beach NSW 2026',
  'Manly NSW 2095',
  'Chatswood NSW 2067',
  'Fortitude Valley QLD 4006',
  'Fremantle WA 6160',
  'Norwood SA 5067',
  'Sandy Bay TAS 7005',
  'Braddon ACT 2612',
];

/** A small, seeded generator (mulberry32): the data set is the same every run. */
export function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` customers numbered from 1; another `seed` gives other names (the load benchmark's small tenants). */
export function fakeCustomers(count: number, seed = 20_240_531) {
  const random = generator(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const business = random() < 0.3;
    const name = business ? `${last} ${pick(TRADES)}` : `${first} ${last}`;
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    return {
      number: i + 1,
      name,
      billingAddress: `${1 + Math.floor(random() * 400)} ${pick(STREETS)}, ${pick(PLACES)}`,
      billingPhone:
        random() < 0.6
          ? `04${digits(2)} ${digits(3)} ${digits(3)}`
          : `(0${pick(['2', '3', '7', '8'])}) ${digits(4)} ${digits(4)}`,
      billingEmail: random() < 0.85 ? `${handle}${i}@example.com` : null,
      notes: random() < 0.1 ? 'Call before arriving.' : null,
    };
  });
}
