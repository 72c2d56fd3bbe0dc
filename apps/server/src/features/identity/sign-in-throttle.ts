import { inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { signInAttempts } from './identity-tables.ts';

/**
 * How fast guessing may go under one key: the first `freeAttempts` attempts wait for nothing; from then on
 * each attempt makes the next wait `firstDelay` seconds, doubling with every further attempt up to `maxDelay`.
 */
export interface ThrottleRule {
  freeAttempts: number;
  firstDelay: number;
  maxDelay: number;
}

export const SIGN_IN_RULES = {
  /** One account from one network address: the guesser at their keyboard. */
  accountFromAddress: { freeAttempts: 5, firstDelay: 30, maxDelay: 15 * 60 },
  /**
   * One account from any address: guessing spread over many addresses. Its delay stays short, so the owner,
   * signing in from an address of their own, is slowed for at most a minute and never locked out.
   */
  account: { freeAttempts: 20, firstDelay: 15, maxDelay: 60 },
  /** One address, any account: one machine trying many accounts. */
  address: { freeAttempts: 50, firstDelay: 30, maxDelay: 15 * 60 },
  /** New accounts made from one address. */
  signUp: { freeAttempts: 5, firstDelay: 60, maxDelay: 60 * 60 },
  /** Reset links asked for, per address and per account (so nobody is flooded with them). */
  passwordReset: { freeAttempts: 5, firstDelay: 60, maxDelay: 60 * 60 },
  /** Requests from one address to quotes' public pages, any link: someone trying links. */
  quoteLinkAddress: { freeAttempts: 100, firstDelay: 10, maxDelay: 15 * 60 },
  /** Answers (accept, decline) through one link, from any address. */
  quoteLinkAnswer: { freeAttempts: 10, firstDelay: 30, maxDelay: 15 * 60 },
};

export type SignInRules = Record<keyof typeof SIGN_IN_RULES, ThrottleRule>;

/** A key's count starts again after this long without an attempt. */
const FORGET_AFTER = sql`interval '1 hour'`;

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Thrown inside the transaction to undo the counts already taken when one key says wait. */
class Refused extends Error {}

/**
 * Slows password guessing with growing delays, in the database: every server process shares the counts and
 * a restart keeps them. An attempt is counted before the password is checked (so parallel guesses cannot
 * slip past the count) and a successful sign-in takes it back. Times are the database's, one clock for all.
 */
export function createSignInThrottle(db: Db, rules: SignInRules = SIGN_IN_RULES) {
  /** Counts one attempt under every key, or none if any key is still waiting. */
  async function admit(keys: [string, ThrottleRule][]): Promise<Admission> {
    // One order for every caller, so two transactions never wait on each other's rows.
    const ordered = [...keys].sort(([a], [b]) => a.localeCompare(b));
    try {
      await db.transaction(async (tx) => {
        for (const [key, rule] of ordered) {
          if (!(await countAttempt(tx, key, rule))) throw new Refused();
        }
      });
      return { allowed: true };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return { allowed: false, retryAfterSeconds: await waitFor(ordered.map(([key]) => key)) };
    }
  }

  async function waitFor(keys: string[]): Promise<number> {
    const [row] = await db
      .select({
        seconds: sql<number>`ceil(extract(epoch from max(${signInAttempts.retryAfter}) - now()))::int`,
      })
      .from(signInAttempts)
      .where(inArray(signInAttempts.key, keys));
    return Math.max(1, Number(row?.seconds ?? 1));
  }

  const keysOf = (account: string, address: string) => ({
    account: `account:${account}`,
    accountFromAddress: `account:${account}|address:${address}`,
    address: `address:${address}`,
  });

  return {
    /**
     * Before checking a password: `account` identifies the account (its id, or the canonical email when no
     * account has it, so that unknown emails are throttled alike), `address` the client's network address.
     */
    beginSignIn(account: string, address: string): Promise<Admission> {
      const keys = keysOf(account, address);
      return admit([
        [keys.account, rules.account],
        [keys.accountFromAddress, rules.accountFromAddress],
        [keys.address, rules.address],
      ]);
    },
    /** The password was right: the attempt is taken back, and the account's earlier failures forgotten. */
    async signedIn(account: string, address: string): Promise<void> {
      const keys = keysOf(account, address);
      await db.transaction(async (tx) => {
        await tx
          .delete(signInAttempts)
          .where(inArray(signInAttempts.key, [keys.account, keys.accountFromAddress]));
        await tx
          .update(signInAttempts)
          .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
          .where(sql`${signInAttempts.key} = ${keys.address}`);
      });
    },
    /** Before creating an account: sign-ups from one address are counted whether they succeed or not. */
    beginSignUp(address: string): Promise<Admission> {
      return admit([[`signup:${address}`, rules.signUp]]);
    },
    /**
     * Before storing a request for a reset link: `account` is the address asked for (`email:<canonical>`), whether
     * or not an account has it, so the check takes the same time for both.
     */
    beginPasswordReset(account: string, address: string): Promise<Admission> {
      return admit([
        [`reset:address:${address}`, rules.passwordReset],
        [`reset:account:${account}`, rules.passwordReset],
      ]);
    },
    /**
     * Before a request to a quote's public page (`link`: the token's key, `quoteLinkKey`): counted per address, and
     * an answer also per link, whether or not the link is one.
     */
    beginQuoteLink(link: string, address: string, answering: boolean): Promise<Admission> {
      return admit([
        [`quote:address:${address}`, rules.quoteLinkAddress],
        ...(answering ? [[`quote:answer:${link}`, rules.quoteLinkAnswer] as [string, ThrottleRule]] : []),
      ]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Counts an attempt under `key` unless the key is still waiting; false when it is. One statement, so that
 * concurrent attempts (from any process) queue on the row and each sees the count the one before left.
 */
async function countAttempt(tx: Tx, key: string, rule: ThrottleRule): Promise<boolean> {
  const previous = sql`${signInAttempts.attempts}`;
  const forgotten = sql`${signInAttempts.lastAttempt} < now() - ${FORGET_AFTER}`;
  const attempts = sql`(case when ${forgotten} then 1 else ${previous} + 1 end)`;
  const counted = await tx
    .insert(signInAttempts)
    .values({ key, attempts: 1, lastAttempt: sql`now()`, retryAfter: retryAfter(sql`1`, rule) })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: { attempts, lastAttempt: sql`now()`, retryAfter: retryAfter(attempts, rule) },
      setWhere: sql`${signInAttempts.retryAfter} <= now()`,
    })
    .returning({ attempts: signInAttempts.attempts });
  return counted.length > 0;
}

/**
 * When the next attempt under the rule may be taken after `attempts` attempts: now() plus the wait they earn, or
 * '-infinity' while they earn none. (Not now() itself: now() is when a transaction began, so a concurrent
 * attempt that began a moment earlier would find "not before now()" still in its future and be refused.)
 */
function retryAfter(attempts: SQL, rule: ThrottleRule): SQL {
  const free = sql`${rule.freeAttempts}::int`;
  const over = sql`least(${attempts} - ${free}, 20)`;
  return sql`case when ${attempts} >= ${free}
    then now() + make_interval(secs => least(${rule.maxDelay}::float8, ${rule.firstDelay}::float8 * power(2, ${over})))
    else '-infinity'::timestamptz end`;
}

/** Counts left alone for longer than the forgetting time are dropped (from the periodic maintenance). */
export async function deleteForgottenAttempts(db: Db): Promise<void> {
  await db.delete(signInAttempts).where(lt(signInAttempts.lastAttempt, sql`now() - ${FORGET_AFTER}`));
}
