import {
  addDays,
  calendarDateIn,
  XERO_AMOUNTS_NAMES,
  type XeroAmounts,
  xeroPaymentsQuery,
} from '@fieldbook/domain';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { PageHeading } from '../../components/page-heading';
import { displayDate } from '../../lib/date-display';
import { saveFile } from '../../lib/download-file';
import { countOf } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { type DateRange, getXeroInvoices, getXeroPayments, type XeroFile } from './api/get-xero-files';

const TITLE = 'Accounting export';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Settings', to: paths.settings.root },
  { label: TITLE },
];

/** The last whole month before `today` (an ISO date): 2026-11-14 → 2026-10-01 to 2026-10-31. */
export function lastFullMonth(today: string): DateRange {
  const to = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

const INVOICES = ['invoice', 'invoices'] as const;
const PAYMENTS = ['payment', 'payments'] as const;
const counted = (count: number, noun: readonly [string, string]) =>
  countOf({ total: count, atLeast: false }, noun);
const between = ({ from, to }: DateRange) => `from ${displayDate(from)} to ${displayDate(to)}`;

/** Saves the file unless it holds nothing (its header alone): the note under the button says so instead. */
async function saved<File extends XeroFile>(fetched: Promise<File>): Promise<File> {
  const file = await fetched;
  if (file.count > 0) saveFile(file.file, file.name);
  return file;
}

/**
 * settings/accounting-export (Owners): the invoices sent or paid and the payments recorded between two dates (the
 * last whole month in the organisation's time zone unless changed), as files to import into Xero (docs/exports.md).
 */
export function AccountingExportPage() {
  const timeZone = useTimeZone();
  const [range, setRange] = useState(() => lastFullMonth(calendarDateIn(timeZone)));
  const [problems, setProblems] = useState<Partial<Record<keyof DateRange, string>>>({});
  const invoices = useMutation({
    mutationFn: ({ range, amounts }: { range: DateRange; amounts?: XeroAmounts }) =>
      saved(getXeroInvoices(range, amounts)),
  });
  const payments = useMutation({ mutationFn: (range: DateRange) => saved(getXeroPayments(range)) });

  /** The dates as the server checks them, or none (each problem on its box, nothing sent). */
  const checked = (): DateRange | null => {
    const result = xeroPaymentsQuery.safeParse(range);
    if (result.success) return result.data;
    setProblems(
      Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    );
    return null;
  };
  const dateBox = (field: keyof DateRange, label: string) => (
    <TextInput
      type="date"
      label={label}
      required
      w={180}
      value={range[field]}
      error={problems[field]}
      onChange={(event) => {
        setRange({ ...range, [field]: event.currentTarget.value });
        setProblems({});
        // A note about the dates before: gone with them.
        invoices.reset();
        payments.reset();
      }}
    />
  );
  const invoicesFor = invoices.variables?.range;

  return (
    <>
      <PageBreadcrumbs crumbs={breadcrumbs} />
      <PageHeading>{TITLE}</PageHeading>
      <Stack gap="lg" maw={760}>
        <Text>
          The invoices you sent or were paid, and the payments recorded against them, between two dates, as
          files to import into Xero. Downloading them changes nothing in Fieldbook.
        </Text>
        <Group gap="md" align="flex-start">
          {dateBox('from', 'From')}
          {dateBox('to', 'To')}
        </Group>
        <ExportSection
          title="Invoices"
          about={
            <>
              In Xero: <strong>Sales › Invoices › Import</strong>. Xero asks whether the amounts are Tax
              Exclusive or Tax Inclusive: choose what this page says once the file is saved (Tax Exclusive for
              prices entered before GST). Each invoice arrives as a draft to approve; import each file once.
            </>
          }
          button="Download invoices for Xero"
          busy={invoices.isPending}
          onDownload={() => {
            const dates = checked();
            if (dates) invoices.mutate({ range: dates });
          }}
        >
          <ApiErrorAlert
            error={invoices.error}
            title="Invoices not downloaded: nothing was changed or lost"
            onRetry={() => invoices.variables && invoices.mutate(invoices.variables)}
            retrying={invoices.isPending}
          />
          {invoices.data && invoicesFor && (
            <div role="status">
              {invoices.data.count === 0 ? (
                <Text>No invoices were sent or paid {between(invoicesFor)}, so no file was saved.</Text>
              ) : (
                <Text>
                  Saved {invoices.data.name} with {counted(invoices.data.count, INVOICES)}. At Xero&apos;s
                  import, choose <strong>{XERO_AMOUNTS_NAMES[invoices.data.amounts]}</strong>.
                </Text>
              )}
              {invoices.data.otherRateCount > 0 && (
                <Text mt="xs">
                  <strong>
                    Check {invoices.data.otherRateCount === 1 ? 'its total' : 'their totals'} in Xero:
                  </strong>{' '}
                  {counted(invoices.data.otherRateCount, INVOICES)} in the file{' '}
                  {invoices.data.otherRateCount === 1 ? 'charges' : 'charge'} a tax rate other than 10 % on a
                  line, and Xero charges GST at 10 % on every taxed line.
                </Text>
              )}
              {invoices.data.otherCount > 0 && (
                <OtherInvoices
                  count={invoices.data.otherCount}
                  amounts={invoices.data.amounts === 'inclusive' ? 'exclusive' : 'inclusive'}
                  busy={invoices.isPending}
                  onDownload={(amounts) => invoices.mutate({ range: invoicesFor, amounts })}
                />
              )}
            </div>
          )}
        </ExportSection>
        <ExportSection
          title="Payments"
          about={
            <>
              In Xero, as a bank statement: <strong>Accounting › Bank accounts ›</strong> your account for
              Fieldbook receipts <strong>› Manage Account › Import a Statement</strong>, with dates as
              dd/mm/yyyy; then match each line to its invoice (the line&apos;s reference is the invoice
              number).
            </>
          }
          button="Download payments for Xero"
          busy={payments.isPending}
          onDownload={() => {
            const dates = checked();
            if (dates) payments.mutate(dates);
          }}
        >
          <ApiErrorAlert
            error={payments.error}
            title="Payments not downloaded: nothing was changed or lost"
            onRetry={() => payments.variables && payments.mutate(payments.variables)}
            retrying={payments.isPending}
          />
          {payments.data && payments.variables && (
            <Text role="status">
              {payments.data.count === 0
                ? `No payments were recorded ${between(payments.variables)}, so no file was saved.`
                : `Saved ${payments.data.name} with ${counted(payments.data.count, PAYMENTS)}.`}
            </Text>
          )}
        </ExportSection>
      </Stack>
    </>
  );
}

interface ExportSectionProps {
  title: string;
  /** Where the file goes in Xero, and what to choose there. */
  about: ReactNode;
  button: string;
  busy: boolean;
  onDownload: () => void;
  /** What became of the last download: its note or its error. */
  children: ReactNode;
}

function ExportSection({ title, about, button, busy, onDownload, children }: ExportSectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Title order={2} size="h3" mb="xs" id={headingId}>
        {title}
      </Title>
      <Text size="sm" mb="sm">
        {about}
      </Text>
      <Button loading={busy} onClick={onDownload} mb="sm">
        {button}
      </Button>
      {children}
    </Paper>
  );
}

/** Invoices of the dates whose prices are the other kind: Xero imports them from a file of their own. */
function OtherInvoices({
  count,
  amounts,
  busy,
  onDownload,
}: {
  count: number;
  amounts: XeroAmounts;
  busy: boolean;
  onDownload: (amounts: XeroAmounts) => void;
}) {
  const kind = `tax-${amounts}`;
  return (
    <>
      <Text mt="xs">
        {counted(count, INVOICES)} of these dates {count === 1 ? 'has' : 'have'} prices entered{' '}
        {amounts === 'inclusive' ? 'including' : 'excluding'} tax. Xero takes {count === 1 ? 'it' : 'them'} in
        a file of {count === 1 ? 'its' : 'their'} own, imported choosing{' '}
        <strong>{XERO_AMOUNTS_NAMES[amounts]}</strong>.
      </Text>
      <Button variant="default" mt="xs" loading={busy} onClick={() => onDownload(amounts)}>
        Download the {counted(count, [`${kind} invoice`, `${kind} invoices`])}
      </Button>
    </>
  );
}
