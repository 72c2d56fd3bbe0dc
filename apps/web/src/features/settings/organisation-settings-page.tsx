import type { Organisation } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Crumb } from '../../components/breadcrumbs';
import { EditRecord } from '../../components/editor/edit-record';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth';
import { organisationQueryOptions } from './api/get-organisation';
import { useUpdateOrganisation } from './api/update-organisation';
import { OrganisationEditor } from './organisation-editor';

const TITLE = 'Organisation details';

/** Home › Settings › Organisation details; Cancel goes back to Settings. */
const breadcrumbs: Crumb[] = [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  { label: TITLE },
];

/** settings/organisation: the organisation's details, edited in place; a save stays on the page. */
export function OrganisationSettingsPage() {
  return (
    <EditRecord query={useQuery(organisationQueryOptions())} title={TITLE} breadcrumbs={breadcrumbs}>
      {(organisation) => <OrganisationDetails first={organisation} />}
    </EditRecord>
  );
}

/** The control the keyboard is on: a field by its path, else the Save button (pressed, or anything else). */
function focusedControl(): string {
  const field = document.activeElement?.closest('[data-path]')?.getAttribute('data-path');
  return field ? `[data-path="${CSS.escape(field)}"]` : 'button[type="submit"]';
}

/**
 * After each save the editor starts again from the details as saved (the server's reading of them, such as
 * the website with https://), with a new save that carries their `updated`: the next save is not a 409 of its
 * own. The keyboard goes back to where it was (the Save button, or the field Ctrl+S was pressed in).
 */
function OrganisationDetails({ first }: { first: Organisation }) {
  const { refreshClaims } = useAuth();
  const [shown, setShown] = useState<{ organisation: Organisation; focus: string | null }>({
    organisation: first,
    focus: null,
  });
  return (
    <UpdateOrganisation
      key={shown.organisation.updated}
      organisation={shown.organisation}
      focus={shown.focus}
      onSaved={(saved) => {
        // The name shows in the header and on Home from the sign-in's claims: renamed, sign in again silently.
        if (saved.name !== shown.organisation.name) void refreshClaims();
        setShown({ organisation: saved, focus: focusedControl() });
      }}
    />
  );
}

interface UpdateOrganisationProps {
  organisation: Organisation;
  /** A selector of the control to focus once drawn. */
  focus: string | null;
  onSaved: (saved: Organisation) => void;
}

function UpdateOrganisation({ organisation, focus, onSaved }: UpdateOrganisationProps) {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (focus) frame.current?.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <div ref={frame}>
      <OrganisationEditor
        title={TITLE}
        breadcrumbs={breadcrumbs}
        organisation={organisation}
        save={useUpdateOrganisation(organisation)}
        onSaved={onSaved}
      />
    </div>
  );
}
