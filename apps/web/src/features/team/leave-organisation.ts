import { paths } from '../../lib/paths';
import { useAuth } from '../auth';

/**
 * For a user who is no longer a member of the organisation they work in (they left, or an Owner removed them): the
 * other organisation of theirs they would go to (none: they sign in to none), and going there.
 */
export function useLeaveOrganisation(): { next: string | undefined; leave: () => void } {
  const { tenancy, switchTenant, signIn } = useAuth();
  const other = tenancy.tenants.find((tenant) => tenant.tenantId !== tenancy.tenantId);
  return {
    next: other?.tenantName,
    leave: () => void (other ? switchTenant(other.tenantId) : signIn(paths.home)),
  };
}
