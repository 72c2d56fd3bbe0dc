import { randomBytes } from 'node:crypto';
import type { Role } from '@fieldbook/domain';
import { importJWK, type JWK, SignJWT } from 'jose';
import { createUser, type User } from '../features/identity/accounts.ts';
import { signingKeys } from '../features/identity/provider.ts';
import { type TenantEntry, tenantClaimNames } from '../features/identity/tenant-claims.ts';
import { memberships } from '../features/team/team-tables.ts';
import { createTenant } from '../features/tenants/tenants.ts';
import type { Db } from '../platform/db/database.ts';
import type { TestApp } from './test-app.ts';

export interface TenantWithUser {
  tenant: TenantEntry;
  user: User;
  password: string;
  /** A valid access token for this user acting in this tenant. */
  token: string;
}

const unique = () => randomBytes(4).toString('hex');

/** A tenant with one member, and a token for that member, as the embedded issuer would sign it. */
export async function createTenantWithUser(t: TestApp, name = `Tenant ${unique()}`): Promise<TenantWithUser> {
  const db: Db = t.database.db;
  const password = `pw-${unique()}-secret`;
  const user = await createUser(db, {
    email: `user-${unique()}@example.test`,
    name: `User ${unique()}`,
    password,
  });
  const tenant = await createTenant(db, {
    name,
    creator: { subject: user.id, name: user.name, email: user.email },
  });
  const token = await signAccessToken(t, { sub: user.id, tenantId: tenant.tenantId });
  return { tenant, user, password, token };
}

/** A person signed in with the embedded issuer: their subject, email, and a token naming a tenant. */
export interface Person {
  subject: string;
  email: string;
  token: string;
}

/** A new user of the embedded issuer, and a token naming `tenantId` (member or not). */
export async function newPerson(t: TestApp, tenantId: string): Promise<Person> {
  const user = await createUser(t.database.db, {
    email: `person-${unique()}@example.test`,
    name: `Person ${unique()}`,
    password: `pw-${unique()}-secret`,
  });
  return { subject: user.id, email: user.email, token: await signAccessToken(t, { sub: user.id, tenantId }) };
}

/** A member of `tenantId` with `role` (a Technician working as `technicianId`), added directly. */
export async function newMember(
  t: TestApp,
  tenantId: string,
  role: Role,
  technicianId: string | null = null,
): Promise<Person> {
  const person = await newPerson(t, tenantId);
  await t.database.db
    .insert(memberships)
    .values({ tenantId, subject: person.subject, role, technicianId, email: person.email });
  return person;
}

/** Two tenants with a user each: every endpoint is also tested from the other tenant's side. */
export async function createTwoTenants(t: TestApp) {
  return {
    a: await createTenantWithUser(t, 'Alpha Plumbing'),
    b: await createTenantWithUser(t, 'Bravo Electrical'),
  };
}

export interface TokenOverrides {
  sub: string;
  tenantId?: string | undefined;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  /** When the token says it was issued, relative to now ('+1h') or as a Unix time; now by default. */
  issuedAt?: string | number;
  typ?: string;
  /** Sign with a key the issuer never published. */
  foreignKey?: boolean;
}

export async function signAccessToken(t: TestApp, options: TokenOverrides): Promise<string> {
  const { keys } = await signingKeys(t.database.db);
  const jwk = keys[0] as JWK;
  const key = options.foreignKey
    ? (await import('jose')).generateKeyPair('ES256').then((k) => k.privateKey)
    : importJWK(jwk, 'ES256');
  const names = tenantClaimNames(t.config.oidc.claimNamespace);
  const claims = options.tenantId ? { [names.tenantId]: options.tenantId } : {};
  return new SignJWT({ ...claims, scope: 'api', client_id: t.config.oidc.clientId })
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'at+jwt', kid: jwk.kid as string })
    .setSubject(options.sub)
    .setIssuer(options.issuer ?? t.config.oidc.issuer)
    .setAudience(options.audience ?? t.config.oidc.audience)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '5m')
    .setJti(unique())
    .sign(await key);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
