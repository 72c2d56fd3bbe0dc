import { invitationFields, ROLE_ABOUT, ROLE_NAMES, ROLES, type Role } from '@fieldbook/domain';
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { activeTechnicianChoicesQueryOptions } from '../technicians';

/** A role and the technician a Technician works as: what an invitation and a member's change of role set. */
export const roleFields = invitationFields.pick({ role: true, technician: true });

export type RoleValues = {
  role: Role;
  technician: { id: string } | null;
};

export const roleLabels = {
  role: 'Role',
  technician: 'Technician',
  'technician.id': 'Technician',
} as const;

interface RoleFieldsProps {
  values: RoleValues;
  /** A new role drops the technician unless it is Technician: only a Technician works as one. */
  onChange: (values: RoleValues) => void;
  errors: { role?: ReactNode; technician?: ReactNode };
  /** The technician linked now, offered even when retired (they keep the link they have). */
  linked?: { id: string; name: string } | null;
}

/**
 * The role, with what it may do under it, and for a Technician the technician whose jobs they see (the
 * organisation's active technicians, loaded when that role is chosen).
 */
export function RoleFields({ values, onChange, errors, linked = null }: RoleFieldsProps) {
  const isTechnician = values.role === 'TECHNICIAN';
  const technicians = useQuery({ ...activeTechnicianChoicesQueryOptions(), enabled: isTechnician });
  const active = technicians.data?.items ?? [];
  const choices = linked && !active.some(({ id }) => id === linked.id) ? [...active, linked] : active;
  return (
    <>
      <div data-path="role">
        <NativeSelect
          label={roleLabels.role}
          required
          value={values.role}
          onChange={(event) => {
            const role = ROLES.find((option) => option === event.currentTarget.value) ?? values.role;
            onChange({ role, technician: role === 'TECHNICIAN' ? values.technician : null });
          }}
          data={ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }))}
          description={ROLE_ABOUT[values.role]}
          error={errors.role}
        />
      </div>
      {isTechnician && (
        <div data-path="technician">
          <NativeSelect
            label={roleLabels.technician}
            value={values.technician?.id ?? ''}
            onChange={(event) => {
              const id = event.currentTarget.value;
              onChange({ role: values.role, technician: id ? { id } : null });
            }}
            data={[
              {
                value: '',
                label: technicians.isPending ? 'Loading…' : 'None yet: sees no jobs until linked',
              },
              ...choices.map((technician) => ({ value: technician.id, label: technician.name })),
            ]}
            description="They see the jobs assigned to this technician."
            error={errors.technician ?? (technicians.isError ? 'The technicians could not be loaded.' : null)}
          />
        </div>
      )}
    </>
  );
}
