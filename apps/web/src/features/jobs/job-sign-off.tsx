import { Box, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { displayDateTime } from '../../lib/date-display';
import { useTimeZone } from '../../lib/time-zone';
import { jobSignatureQueryOptions } from './api/job-signature';

/** The job viewer's 'Sign-off': who signed and when, with the signature; or that the customer was not there. */
export function JobSignOff({ jobId }: { jobId: string }) {
  const headingId = useId();
  const timeZone = useTimeZone();
  const signature = useQuery(jobSignatureQueryOptions(jobId));
  if (signature.isPending || signature.data === null) return null;
  return (
    <Box component="section" aria-labelledby={headingId} maw={720} mb="xl">
      <Title order={2} size="h3" mb="sm" id={headingId}>
        Sign-off
      </Title>
      {signature.isError ? (
        <LoadErrorAlert error={signature.error} onRetry={signature.refetch} />
      ) : (
        <>
          <Text>
            {signature.data.customerNotPresent
              ? 'The customer was not present.'
              : `Signed by ${signature.data.signerName}`}{' '}
            <Text span c="dimmed">
              · {displayDateTime(signature.data.signedAt, timeZone)}
              {signature.data.takenBy && ` · taken by ${signature.data.takenBy}`}
            </Text>
          </Text>
          {signature.data.image && (
            <img
              src={signature.data.image}
              alt={`Signature of ${signature.data.signerName}`}
              style={{
                display: 'block',
                maxWidth: 'min(360px, 100%)',
                marginTop: 'var(--mantine-spacing-xs)',
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 4,
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
