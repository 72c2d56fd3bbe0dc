import { type Quote, quoteMessages } from '@fieldbook/domain';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useNotify } from '../../components/notices';
import { displayMoney } from '../../lib/money-display';
import { useChangeQuoteStatus } from './api/update-quote';

interface AcceptQuoteDialogProps {
  quote: Quote;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Accept quote 12': the customer's yes, recorded by the office. A quote with options asks which one they chose;
 * the quote is then saved as Accepted with that option. A failure keeps the dialog and the choice, and says
 * nothing was saved.
 */
export function AcceptQuoteDialog({ quote, opened, onClose }: AcceptQuoteDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={`Accept quote ${quote.number}`} fullScreen={phone}>
      {/* A new form each time it opens. */}
      {opened && <AcceptQuoteForm quote={quote} onDone={onClose} />}
    </Modal>
  );
}

function AcceptQuoteForm({ quote, onDone }: { quote: Quote; onDone: () => void }) {
  const accepting = useChangeQuoteStatus(quote);
  const notify = useNotify();
  const [option, setOption] = useState(quote.options.length === 1 ? (quote.options[0]?.name ?? '') : '');
  const [unchosen, setUnchosen] = useState(false);
  const withOptions = quote.options.length > 0;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (withOptions && !option) {
      setUnchosen(true);
      return;
    }
    accepting.mutate(
      { status: 'CLOSED_ACCEPTED', acceptedOption: withOptions ? option : null },
      {
        onSuccess: () => {
          notify(
            withOptions ? `Quote ${quote.number} accepted: ${option}.` : `Quote ${quote.number} accepted.`,
          );
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={accept} noValidate>
      <Stack>
        {withOptions ? (
          <Radio.Group
            label="The option the customer accepted"
            required
            value={option}
            onChange={(chosen) => {
              setOption(chosen);
              setUnchosen(false);
            }}
            error={unchosen ? quoteMessages.acceptedOption : undefined}
          >
            <Stack mt="xs" gap="sm">
              {quote.options.map((choice) => (
                <Radio
                  key={choice.name}
                  value={choice.name}
                  label={choice.name}
                  description={`Total ${displayMoney(choice.total)}`}
                  size="md"
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text>Record that the customer accepted the quote, for {displayMoney(quote.total)}.</Text>
        )}
        {accepting.error && (
          <div>
            <ApiErrorAlert error={accepting.error} title="Not accepted" />
            <Text size="sm">Nothing was saved: the quote is as it was.</Text>
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={accepting.isPending}>
            Accept quote
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
