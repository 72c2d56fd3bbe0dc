import { type Quote, quoteMessages } from '@fieldbook/domain';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { carriedBecause, carriedEditsText } from '../../components/form/stale-save';
import { useNotify } from '../../components/notices';
import { displayMoney } from '../../lib/money-display';
import { quoteReadAgain, useChangeQuoteStatus } from './api/update-quote';

interface AcceptQuoteDialogProps {
  quote: Quote;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Accept quote 12': the customer's yes, recorded by the office. A quote with options asks which one they chose;
 * the quote is then saved as Accepted with that option. A failure keeps the dialog and the choice, and says
 * nothing was saved. Refused because the quote was saved since (someone else's save, or the user's own whose
 * answer was lost), it shows the quote as it now is with the choice kept, says so as an edit page does
 * (`carriedEditsText`), and the next press saves over that version.
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
  const queryClient = useQueryClient();
  const [option, setOption] = useState(quote.options.length === 1 ? (quote.options[0]?.name ?? '') : '');
  const [unchosen, setUnchosen] = useState(false);
  const [carried, setCarried] = useState<string | null>(null);
  const withOptions = quote.options.length > 0;
  // A choice the quote as it now is no longer offers is no choice.
  const chosen = quote.options.some((choice) => choice.name === option) ? option : '';
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (withOptions && !chosen) {
      setUnchosen(true);
      return;
    }
    setCarried(null);
    accepting.mutate(
      { status: 'CLOSED_ACCEPTED', acceptedOption: withOptions ? chosen : null },
      {
        onSuccess: () => {
          notify(
            withOptions ? `Quote ${quote.number} accepted: ${chosen}.` : `Quote ${quote.number} accepted.`,
          );
          onDone();
        },
        onError: (error) => {
          // The quote has been read again (`useChangeQuoteStatus`) by the time this runs.
          const because = carriedBecause(error);
          if (!because || !quoteReadAgain(queryClient, quote)) return;
          accepting.reset();
          setCarried(carriedEditsText(because, [], 'accept the quote again'));
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
            value={chosen}
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
        {carried && !accepting.error && (
          <Alert color="yellow" variant="light" role="status">
            {carried}
          </Alert>
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
