import { describe, expect, it } from 'vitest';
import { type LoadResult, mergeRounds } from './load-run.ts';

const result = (name: string, rps: number, p99: number, errors = 0, server = rps / 1000): LoadResult => ({
  name,
  kind: 'read',
  rps,
  p50: p99 / 2,
  p99,
  errors,
  requests: rps * 10,
  cpu: { server, postgres: 2 * server, generator: 0.1 },
});

describe('several rounds of the benchmark', () => {
  it('give each scenario the median of each figure, the errors and requests added up, and every round', () => {
    const rounds = [
      [result('jobs', 1000, 30, 1, 0.7), result('invoices', 2000, 12)],
      [result('jobs', 1400, 18, 0, 0.5), result('invoices', 1800, 14)],
      [result('jobs', 1200, 22, 2, 0.6), result('invoices', 2200, 13)],
    ];
    Object.assign(rounds[0]?.[0] ?? {}, { statuses: { '200': 9999, '503': 1 } });
    Object.assign(rounds[2]?.[0] ?? {}, { statuses: { '200': 11998, '503': 2 } });
    const [jobs, invoices] = mergeRounds(rounds);
    expect(jobs).toMatchObject({ name: 'jobs', rps: 1200, p50: 11, p99: 22, errors: 3, requests: 36_000 });
    expect(jobs?.cpu).toEqual({ server: 0.6, postgres: 1.2, generator: 0.1 });
    expect(jobs?.statuses).toEqual({ '200': 21997, '503': 3 });
    expect(jobs?.rounds?.map((round) => round.p99)).toEqual([30, 18, 22]);
    expect(invoices).toMatchObject({ name: 'invoices', rps: 2000, p99: 13, errors: 0 });
    expect(invoices?.statuses).toBeUndefined();
  });

  it('take the mean of the middle two of an even count', () => {
    const [jobs] = mergeRounds([[result('jobs', 1000, 30)], [result('jobs', 1400, 18)]]);
    expect(jobs).toMatchObject({ rps: 1200, p99: 24, p50: 12 });
  });

  it('leave one round as it was', () => {
    const round = [result('jobs', 1000, 30)];
    expect(mergeRounds([round])).toBe(round);
  });
});
