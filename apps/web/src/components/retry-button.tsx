import { PlainButton } from './plain-button';

/** The Retry of a failed load or save, under its message. */
export function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <PlainButton
      variant="default"
      size="xs"
      loading={retrying}
      onClick={onRetry}
      style={{ display: 'block', marginTop: 'var(--mantine-spacing-sm)' }}
    >
      Retry
    </PlainButton>
  );
}
