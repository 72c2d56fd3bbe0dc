import type { Organisation, OrganisationFields, OrganisationUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { MEMBERSHIP_KEY } from '../../team';
import { organisationKey } from './get-organisation';

/** PUT /organisation with every field and the `updated` that was read; a newer save is a 409. */
export function updateOrganisation(
  organisation: OrganisationUpdate,
  idempotencyKey?: string,
): Promise<Organisation> {
  return apiFetch<Organisation>('/organisation', { method: 'PUT', json: organisation, idempotencyKey });
}

/**
 * Saves over `read`, the version the editor started from. The saved details replace the cached ones (a new
 * invoice's payment terms), and the membership is read again: it carries the time zone every screen shows times
 * in. The name shown in the header and on Home comes from the ID token's tenant claims,
 * not from a query, so it changes at the next sign-in (a reload), not here. One Idempotency-Key per submission, as
 * `useUpdateRecord` sends.
 */
export function useUpdateOrganisation(read: Pick<Organisation, 'updated'>) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return useMutation({
    mutationFn: (fields: OrganisationFields) => {
      const update = { ...fields, updated: read.updated };
      return submission.send(update, (key) => updateOrganisation(update, key));
    },
    onSuccess: async (saved) => {
      submission.done();
      queryClient.setQueryData(organisationKey, saved);
      await queryClient.invalidateQueries({ queryKey: MEMBERSHIP_KEY });
    },
  });
}
