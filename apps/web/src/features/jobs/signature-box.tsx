import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

/** What the finish form asks of the box: the drawing as a PNG data URL, null while nothing is drawn. */
export interface SignatureBoxHandle {
  read(): string | null;
}

interface SignatureBoxProps {
  label: string;
  disabled?: boolean;
  /** Given once the pad is ready (its code loads with the form). */
  onReady: (handle: SignatureBoxHandle) => void;
  error?: string | null;
}

/**
 * A box to sign in with a finger (or a mouse or pen): `signature_pad` on a canvas sized to the box and the screen's
 * pixel ratio, so the lines stay sharp. Its code loads when the box is first shown.
 */
export function SignatureBox({ label, disabled = false, onReady, error }: SignatureBoxProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const clear = useRef<() => void>(() => undefined);
  const labelId = useId();
  useEffect(() => {
    let pad: import('signature_pad').default | undefined;
    let gone = false;
    void import('signature_pad').then(({ default: SignaturePad }) => {
      const element = canvas.current;
      // No 2D context (a browser without canvas, a test's DOM): nothing can be drawn; "not present" still works.
      const context = element?.getContext('2d');
      if (gone || !element || !context) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      context.scale(ratio, ratio);
      pad = new SignaturePad(element, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 60)' });
      clear.current = () => pad?.clear();
      onReady({ read: () => (pad && !pad.isEmpty() ? pad.toDataURL('image/png') : null) });
    });
    return () => {
      gone = true;
      pad?.off();
    };
  }, [onReady]);
  useEffect(() => {
    // Drawing is off while the customer is not there to sign.
    if (disabled) clear.current();
  }, [disabled]);
  return (
    <Box>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelId}
        style={{
          display: 'block',
          width: '100%',
          height: 180,
          border: `1px solid var(--mantine-color-${error ? 'red-9' : 'gray-6'})`,
          borderRadius: 4,
          touchAction: 'none',
          background: 'white',
          opacity: disabled ? 0.4 : 1,
          pointerEvents: disabled ? 'none' : undefined,
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c={error ? 'red.9' : 'dimmed'}>
          {error ?? 'Sign with a finger inside the box.'}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => clear.current()} disabled={disabled}>
          Clear signature
        </Button>
      </Group>
    </Box>
  );
}
