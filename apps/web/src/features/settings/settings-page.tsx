import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { SectionLoader } from '../../components/section-loader';
import { paths } from '../../lib/paths';
import { type Capability, roleMay } from '../../lib/role-access';
import { useRole } from '../team';

const sections: readonly { label: string; to: string; about: string; capability: Capability }[] = [
  {
    label: 'Organisation',
    to: paths.settings.organisation,
    about: 'Your business name, ABN, address and payment details.',
    capability: 'organisation',
  },
  {
    label: 'Users',
    to: paths.settings.users,
    about: 'The people who work in this organisation.',
    capability: 'users',
  },
  {
    label: 'Taxes',
    to: paths.settings.taxes,
    about: 'Tax rates for invoices, such as GST.',
    capability: 'taxes',
  },
  {
    label: 'Technicians',
    to: paths.settings.technicians,
    about: "The people jobs are assigned to: the scheduler's rows.",
    capability: 'technicians',
  },
  {
    label: 'Templates',
    to: paths.settings.templates,
    about: 'How invoices and job sheets look.',
    capability: 'templates',
  },
  // The catalogue has its own place in the navigation; office managers also look for it here.
  {
    label: 'Items',
    to: paths.items.root,
    about: 'Your catalogue of products and services, with prices.',
    capability: 'items',
  },
  {
    label: 'Outbox',
    to: paths.settings.outbox,
    about: 'Every email the organisation sends, and whether it was sent.',
    capability: 'outbox',
  },
  {
    label: 'Accounting export',
    to: paths.settings.accountingExport,
    about: 'Your invoices and payments as files to import into Xero.',
    capability: 'exports',
  },
];

/**
 * settings: links to the organisation, users, taxes, technicians and templates (and the item catalogue, the
 * outbox and the accounting export), each shown only to a role that may open it.
 */
export function SettingsPage() {
  const role = useRole();
  const open = sections.filter((section) => roleMay(role, section.capability));
  return (
    <>
      <PageHeading>Settings</PageHeading>
      {role === undefined ? (
        <SectionLoader />
      ) : open.length === 0 ? (
        <Text>Your role has no settings to change.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {open.map((section) => (
            <li key={section.to}>
              <Anchor
                component={Link}
                to={section.to}
                fw={600}
                mih={44}
                style={{ display: 'inline-flex', alignItems: 'center' }}
              >
                {section.label}
              </Anchor>
              <Text size="sm" c="dimmed">
                {section.about}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}
