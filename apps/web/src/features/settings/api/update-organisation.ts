import type { Organisation, OrganisationFields, OrganisationUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { MEMBERSHIP_KEY } from '../../team';
import { organisationKey } from './get-organisation';

/** PUT /organisation with every field and the `updated` that was read; a newer save is a 409. */
export function updateOrganisation(organisation: OrganisationUpdate): Promise<Organisation> {
  return apiFetch<Organisation>('/organisation', { method: 'PUT', json: organisation });
}

/**
 * Saves over `read`, the version the editor started from. The saved details replace the cached ones (a new
 * invoice's payment terms), and the membership is read again: it carries the time zone every screen shows times
 * in. The name shown in the header and on Home comes from the ID token's tenant claims,
 * not from a query, so it changes at the next sign-in (a reload), not here.
 */
export function useUpdateOrganisation(read: Pick<Organisation, 'updated'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: OrganisationFields) => updateOrganisation({ ...fields, updated: read.updated }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organisationKey, saved);
      await queryClient.invalidateQueries({ queryKey: MEMBERSHIP_KEY });
    },
  });
}
