import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../auth';

export interface CreatedTenant {
  tenantId: string;
  tenantName: string;
}

/**
 * POST /tenants: creates an organisation with the caller as its first member. `timeZone`, the browser's, becomes
 * the organisation's when it is Australian (else the server gives it Sydney's).
 */
export function createTenant(
  input: { name: string; timeZone?: string },
  idempotencyKey: string,
): Promise<CreatedTenant> {
  return apiFetch<CreatedTenant>('/tenants', { method: 'POST', json: input, idempotencyKey });
}

/** Creates an organisation, then signs in to it so the user lands on its home page. */
export function useCreateTenant() {
  const { switchTenant } = useAuth();
  return useMutation({
    // One Idempotency-Key per submission: a retried request cannot create a second organisation.
    mutationFn: (name: string) =>
      createTenant({ name, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, crypto.randomUUID()),
    onSuccess: (tenant) => switchTenant(tenant.tenantId),
  });
}
