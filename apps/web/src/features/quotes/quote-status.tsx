import { QUOTE_STATUS_NAMES, type Quote, type QuoteStatus } from '@fieldbook/domain';
import { Badge } from '@mantine/core';

/** Each status's colour, dark enough for white text at 4.5:1; the word on the badge says it without colour. */
const COLOURS: Record<QuoteStatus, string> = {
  OPEN_DRAFT: 'gray.7',
  OPEN_SENT: 'blue.8',
  CLOSED_ACCEPTED: 'teal.9',
  CLOSED_DECLINED: 'grape.9',
  CLOSED_CONVERTED: 'indigo.8',
};

const look = { size: 'sm', radius: 'sm', style: { verticalAlign: 'middle' } } as const;

/** A quote's status as a badge with its word ('Sent'), then 'Expired' for a Sent quote past its expiry date. */
export function QuoteStatusBadges({ quote }: { quote: Pick<Quote, 'status' | 'expired'> }) {
  return (
    <>
      <Badge color={COLOURS[quote.status]} {...look}>
        {QUOTE_STATUS_NAMES[quote.status]}
      </Badge>
      {quote.expired && (
        <>
          {' '}
          <Badge color="red.9" {...look}>
            Expired
          </Badge>
        </>
      )}
    </>
  );
}
