import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../lib/paths';

const sections = [
  {
    label: 'Organisation',
    to: paths.settings.organisation,
    about: 'Your business name, ABN, address and payment details.',
  },
  { label: 'Users', to: paths.settings.users, about: 'The people who work in this organisation.' },
  { label: 'Taxes', to: paths.settings.taxes, about: 'Tax rates for invoices, such as GST.' },
  {
    label: 'Technicians',
    to: paths.settings.technicians,
    about: "The people jobs are assigned to: the scheduler's rows.",
  },
  { label: 'Templates', to: paths.settings.templates, about: 'How invoices and job sheets look.' },
  // The catalogue has its own place in the navigation; office managers also look for it here.
  { label: 'Items', to: paths.items.root, about: 'Your catalogue of products and services, with prices.' },
] as const;

/** settings: links to the organisation, users, taxes and templates (and the item catalogue). */
export function SettingsPage() {
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section) => (
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
    </>
  );
}
