import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../lib/paths';

const sections = [
  { label: 'Organisation', to: paths.settings.organisation },
  { label: 'Users', to: paths.settings.users },
  { label: 'Taxes', to: paths.settings.taxes },
  { label: 'Templates', to: paths.settings.templates },
] as const;

export function SettingsPage() {
  return (
    <>
      <PageHeading>Settings</PageHeading>
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
        {sections.map((section) => (
          <li key={section.to}>
            <Anchor component={Link} to={section.to}>
              {section.label}
            </Anchor>
          </li>
        ))}
      </Stack>
    </>
  );
}
