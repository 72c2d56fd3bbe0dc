import type { PublicQuote } from '@fieldbook/domain';
import { Alert, Button, Checkbox, Group, Radio, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { displayMoney } from '../../lib/money-display';
import { type AnswerError, asAnswerError, type QuoteAnswerProps } from './quote-answer-api';

/** Accept (a name, the terms ticked, an option when there are several) or Decline (a reason, if they give one). */
export function AnswerForms({ api, quote, onAnswered }: QuoteAnswerProps) {
  const [name, setName] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [option, setOption] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<AnswerError | null>(null);
  const fieldError = (field: string) =>
    failure?.fieldErrors.find((error) => error.field === field)?.message ?? null;
  // The keyboard follows the answer: to the first field the server refused, into the reason once Decline… is
  // pressed, and back to Decline… from Back (the pressed button is gone or disabled, which drops the focus).
  const section = useRef<HTMLElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    const refused = failure?.fieldErrors.map((error) => error.field) ?? [];
    const first = ['option', 'name', 'acceptTerms', 'reason'].find((field) => refused.includes(field));
    if (first) section.current?.querySelector<HTMLElement>(`[data-answer-field="${first}"]`)?.focus();
  }, [failure]);
  useEffect(() => {
    if (!moved.current) return;
    const target = declining ? '[data-answer-field="reason"]' : '[data-decline]';
    section.current?.querySelector<HTMLElement>(target)?.focus();
  }, [declining]);
  const decide = (next: boolean) => {
    moved.current = true;
    setFailure(null);
    setDeclining(next);
  };

  const send = async (answer: () => Promise<PublicQuote>) => {
    setSending(true);
    setFailure(null);
    try {
      onAnswered(await answer());
    } catch (error) {
      const failed = asAnswerError(error);
      setFailure(failed);
      // Answered meanwhile (another tab, another person): show the quote as it now is.
      if (failed.status === 409) api.read().then(onAnswered, () => undefined);
    } finally {
      setSending(false);
    }
  };

  const accept = (event: FormEvent) => {
    event.preventDefault();
    void send(() => api.accept({ name, acceptTerms, option }));
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    void send(() => api.decline({ reason: reason.trim() === '' ? null : reason }));
  };

  const general =
    failure && failure.fieldErrors.length === 0
      ? `${failure.message} Your answer was not sent; what you typed is still here.`
      : null;

  return (
    <section aria-labelledby="answer-heading" ref={section}>
      <Title order={2} size="h3" mb="sm" id="answer-heading">
        Your answer
      </Title>
      {general && (
        <Alert color="red" role="alert" mb="md">
          {general}
        </Alert>
      )}
      {!declining ? (
        <form onSubmit={accept} noValidate>
          <Stack gap="md" maw={520}>
            {quote.options.length > 0 && (
              <Radio.Group
                label="Choose an option"
                withAsterisk
                value={option}
                onChange={setOption}
                error={fieldError('option')}
              >
                <Stack gap="xs" mt="xs">
                  {quote.options.map((each, index) => (
                    <Radio
                      key={each.name}
                      data-answer-field={index === 0 ? 'option' : undefined}
                      value={each.name}
                      label={`${each.name}: ${displayMoney(each.total)}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <TextInput
              label="Your name"
              withAsterisk
              autoComplete="name"
              data-answer-field="name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldError('name')}
            />
            <Checkbox
              label="I accept this quote and its terms"
              data-answer-field="acceptTerms"
              checked={acceptTerms}
              onChange={(event) => setAcceptTerms(event.currentTarget.checked)}
              error={fieldError('acceptTerms')}
            />
            <Group gap="sm">
              <Button type="submit" loading={sending}>
                Accept quote
              </Button>
              <Button variant="default" onClick={() => decide(true)} disabled={sending} data-decline>
                Decline…
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={decline} noValidate>
          <Stack gap="md" maw={520}>
            <Textarea
              label="Why are you declining? (optional)"
              autosize
              minRows={3}
              data-answer-field="reason"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={fieldError('reason')}
            />
            <Group gap="sm">
              <Button type="submit" loading={sending} color="red.9">
                Decline quote
              </Button>
              <Button variant="default" onClick={() => decide(false)} disabled={sending}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </section>
  );
}
