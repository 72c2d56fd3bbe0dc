import {
  type Job,
  type JobFields,
  jobFields,
  jobTotals,
  RAGS,
  type Rag,
  savedJobFields,
} from '@fieldbook/domain';
import { Grid, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { DateTimeInput } from '../../components/form/date-time-input';
import { ReferenceSelect } from '../../components/form/reference-select';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import {
  emptyLine,
  LineItemsEditor,
  type LineValues,
  lineFromItem,
  readableAmount,
} from '../../components/line-items-editor';
import { paths } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { CustomerPicker, customerLocationsQueryOptions } from '../customers';
import { ItemPicker } from '../items';
import { useRole } from '../team';
import { technicianChoicesQueryOptions } from '../technicians';
import { jobPrioritiesQueryOptions, territoriesQueryOptions } from './api/reference-data';
import { JobDetails } from './job-details';

const labels = {
  reference: 'Reference',
  'customer.id': 'Customer',
  'location.id': 'Location',
  location: 'Location',
  'territory.id': 'Territory',
  territory: 'Territory',
  'priority.id': 'Priority',
  priority: 'Priority',
  status: 'Status',
  rag: 'Flag',
  due: 'Due',
  scheduledStart: 'Scheduled start',
  scheduledFinish: 'Scheduled finish',
  actualStart: 'Actual start',
  actualFinish: 'Actual finish',
  assignee: 'Assignee',
  items: 'Line items',
} as const;

type Reference = { id: string } | null;

interface JobValues extends Record<string, unknown> {
  reference: string;
  customer: { id: string };
  location: Reference;
  territory: Reference;
  priority: Reference;
  status?: Job['status'];
  rag: Rag | null;
  due: string | null;
  scheduledStart: string | null;
  scheduledFinish: string | null;
  actualStart: string | null;
  actualFinish: string | null;
  assignee: string;
  items: LineValues[];
}

const byId = (reference: Reference): Reference => (reference ? { id: reference.id } : null);
const text = (value: string | null) => value ?? '';

function formValues(job: Job | undefined, customerId: string | undefined): JobValues {
  return {
    reference: text(job?.reference ?? null),
    customer: { id: job?.customer.id ?? customerId ?? '' },
    location: byId(job?.location ?? null),
    territory: byId(job?.territory ?? null),
    priority: byId(job?.priority ?? null),
    ...(job && { status: job.status }),
    rag: job?.rag ?? null,
    due: job?.due ?? null,
    scheduledStart: job?.scheduledStart ?? null,
    scheduledFinish: job?.scheduledFinish ?? null,
    actualStart: job?.actualStart ?? null,
    actualFinish: job?.actualFinish ?? null,
    assignee: text(job?.assignee ?? null),
    items: (job?.items ?? []).map((line) => ({
      code: text(line.code),
      description: line.description,
      quantity: text(line.quantity),
      price: text(line.price),
      amount: line.amount,
    })),
  };
}

interface JobEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The job being edited; absent when creating. */
  job?: Job;
  /** A new job's customer, chosen where the user came from (the customer's page). */
  customer?: { id: string; name: string };
  save: SaveMutation<JobFields, Job>;
}

/**
 * The job editor: the customer (picked by name, number, email or phone), its location, territory, priority,
 * flag, reference, the dates, and the line items with live totals. A new job needs only its customer; a saved
 * one needs its location, territory and priority too. A save opens the job. A Technician changes the lines only:
 * the rest shows as it is (the server keeps it whatever they send).
 */
export function JobEditor({ title, breadcrumbs, job, customer, save }: JobEditorProps) {
  const navigate = useNavigate();
  const role = useRole();
  const linesOnly = job !== undefined && role !== undefined && !roleMay(role, 'manageJobs');
  const { form, editor } = useRecordEditor({
    // Lines only: the office's fields are not theirs to complete.
    schema: job && !linesOnly ? savedJobFields : jobFields,
    initialValues: formValues(job, customer?.id),
    labels,
    save,
    savedNotice: 'Job saved.',
    onSaved: (saved) => void navigate(paths.jobs.view.href(saved.id)),
  });
  const [chosen, setChosen] = useState(job ? job.customer : (customer ?? null));
  const values = form.getValues();
  const customerId = values.customer.id;
  // The pickers' choices, once the role is known to use them (a Technician's save keeps those fields as they were,
  // and may not read the lists: asking before the role is known is a 403 for them).
  const picks = role !== undefined && !linesOnly;
  const locations = useQuery({
    ...customerLocationsQueryOptions(customerId),
    enabled: customerId !== '' && picks,
  });
  const territories = useQuery({ ...territoriesQueryOptions(), enabled: picks });
  const priorities = useQuery({ ...jobPrioritiesQueryOptions(), enabled: picks });
  const technicians = useQuery({ ...technicianChoicesQueryOptions(), enabled: picks });
  const error = (path: string) => form.getInputProps(path).error;
  const required = job !== undefined;

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={editor}>
      {linesOnly ? (
        <>
          <Text>Only the office can change these.</Text>
          <JobDetails job={job} linkCustomer={false} />
        </>
      ) : (
        <>
          <div data-path="customer.id">
            <CustomerPicker
              chosen={chosen}
              required
              error={error('customer.id') ?? error('customer')}
              onPick={(picked) => {
                setChosen(picked);
                form.setFieldValue('customer', { id: picked.id });
                // Another customer's locations are not this one's.
                if (picked.id !== customerId) form.setFieldValue('location', null);
                form.clearFieldError('customer.id');
              }}
            />
          </div>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }} data-path="location.id">
              <ReferenceSelect
                label={labels.location}
                required={required}
                options={locations.data?.items}
                loading={locations.isFetching}
                value={values.location}
                onChange={(value) => form.setFieldValue('location', value)}
                error={error('location.id') ?? error('location')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={labels.reference} {...form.getInputProps('reference')} />
            </Grid.Col>
            {(
              [
                ['territory', territories],
                ['priority', priorities],
              ] as const
            ).map(([field, choices]) => (
              <Grid.Col key={field} span={{ base: 12, sm: 4 }} data-path={`${field}.id`}>
                <ReferenceSelect
                  label={labels[field]}
                  required={required}
                  options={choices.data}
                  loading={choices.isPending}
                  value={values[field]}
                  onChange={(value) => form.setFieldValue(field, value)}
                  error={error(`${field}.id`) ?? error(field)}
                />
              </Grid.Col>
            ))}
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label={labels.rag}
                value={values.rag ?? ''}
                onChange={(event) => {
                  const picked = event.currentTarget.value;
                  form.setFieldValue('rag', RAGS.find((rag) => rag === picked) ?? null);
                }}
                data={[
                  { value: '', label: 'None' },
                  ...RAGS.map((rag) => ({ value: rag, label: ragLabel(rag) })),
                ]}
                error={error('rag')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} data-path="assignee">
              <NativeSelect
                label={labels.assignee}
                value={values.assignee}
                onChange={(event) => form.setFieldValue('assignee', event.currentTarget.value)}
                data={[
                  { value: '', label: technicians.isPending ? 'Loading…' : 'Not assigned' },
                  // A retired technician takes no new jobs, but stays on the jobs they had.
                  ...(technicians.data?.items ?? [])
                    .filter((technician) => !technician.retired || technician.id === job?.assignee)
                    .map((technician) => ({
                      value: technician.id,
                      label: technician.retired ? `${technician.name} (retired)` : technician.name,
                    })),
                ]}
                error={error('assignee')}
              />
            </Grid.Col>
            {(['due', 'scheduledStart', 'scheduledFinish', 'actualStart', 'actualFinish'] as const).map(
              (field) => (
                <Grid.Col key={field} span={{ base: 12, sm: field === 'due' ? 12 : 6 }} data-path={field}>
                  <DateTimeInput
                    label={labels[field]}
                    value={values[field]}
                    onChange={(value) => form.setFieldValue(field, value)}
                    error={error(field)}
                  />
                </Grid.Col>
              ),
            )}
          </Grid>
        </>
      )}
      <LineItemsEditor
        form={form}
        field="items"
        newLine={(from) => ({ ...(from ?? emptyLine) })}
        picker={(add) => <ItemPicker onPick={(item) => add(lineFromItem(item))} />}
        totals={jobTotals(values.items.map((line) => ({ amount: readableAmount(line) })))}
      />
    </EditorFrame>
  );
}

const ragLabel = (rag: Rag) => `${rag.charAt(0)}${rag.slice(1).toLowerCase()}`;
