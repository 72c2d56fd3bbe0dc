import type { Quote } from '@fieldbook/domain';
import { Badge, Text } from '@mantine/core';
import { LineItems } from '../../components/line-items';
import { invoiceLineColumns } from '../invoices';

/**
 * A quote's lines and totals. With options: the lines common to every option, then each option's own lines under
 * its name with its subtotal, tax and total (the common lines included), the accepted one marked.
 */
export function QuoteLines({ quote }: { quote: Quote }) {
  if (quote.options.length === 0)
    return <LineItems lines={quote.lineItems} columns={invoiceLineColumns} totals={quote} />;
  const common = quote.lineItems.filter((line) => line.option === null);
  return (
    <>
      {common.length > 0 && (
        <>
          <LineItems title="Included in every option" lines={common} columns={invoiceLineColumns} />
          <Text mb="xl">Each option's totals below include these lines.</Text>
        </>
      )}
      {quote.options.map((option) => (
        <LineItems
          key={option.name}
          title={option.name}
          mark={
            option.name === quote.acceptedOption && (
              <Badge color="teal.9" size="sm" radius="sm" style={{ verticalAlign: 'middle' }}>
                Accepted
              </Badge>
            )
          }
          lines={quote.lineItems.filter((line) => line.option === option.name)}
          columns={invoiceLineColumns}
          totals={option}
        />
      ))}
    </>
  );
}
