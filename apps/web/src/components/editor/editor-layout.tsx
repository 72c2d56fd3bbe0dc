import { Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../api-error-alert';
import { LoadErrorAlert } from '../load-error-alert';
import { PageHeading } from '../page-heading';
import { SectionLoader } from '../section-loader';

export interface Crumb {
  label: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

interface EditorLayoutProps {
  breadcrumbs: readonly Crumb[];
  /** 'New customer', 'Edit item', … */
  title: string;
  /** While the record being edited loads. */
  loading?: boolean;
  /** The record could not be loaded. */
  loadError?: unknown;
  /** The last save failed: its message (and for VALIDATION_FAILED each field error) shows in a red alert. */
  saveError: unknown;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * The one layout of every editor: breadcrumbs, heading, error alert, the fields and Save. A failed save
 * scrolls to the top, where the alert is.
 */
export function EditorLayout({
  breadcrumbs,
  title,
  loading = false,
  loadError,
  saveError,
  saving,
  onSubmit,
  children,
}: EditorLayoutProps) {
  useEffect(() => {
    if (saveError) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [saveError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" component="nav" mb="sm">
        {breadcrumbs.map((crumb) =>
          crumb.to === undefined ? (
            <Text key={crumb.label} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      <PageHeading>{title}</PageHeading>
      {loading ? (
        <SectionLoader />
      ) : loadError ? (
        <LoadErrorAlert error={loadError} />
      ) : (
        <form onSubmit={submit} noValidate>
          <ApiErrorAlert error={saveError} />
          <Stack gap="sm" maw={640}>
            {children}
          </Stack>
          <Group mt="lg">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </form>
      )}
    </>
  );
}
