import { Box, Button, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';

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
  /** A stroke drawn or the typed signature changed: the form clears what it said was missing. */
  onChange?: () => void;
}

/** A typed signature as a picture, as a drawn one is kept: the name in a handwriting face, on white. */
function typedSignature(name: string): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 180;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = 'rgb(255, 255, 255)';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = 'rgb(20, 20, 60)';
  context.font = 'italic 56px "Segoe Script", "Brush Script MT", cursive, serif';
  context.textBaseline = 'middle';
  context.fillText(name, 24, canvas.height / 2, canvas.width - 48);
  return canvas.toDataURL('image/png');
}

/**
 * A box to sign in with a finger (or a mouse or pen): `signature_pad` on a canvas sized to the box and the screen's
 * pixel ratio, so the lines stay sharp, and sized again whenever the box changes size (a phone turned sideways), the
 * drawing kept.
 * Its code loads when the box is first shown. 'Type a signature instead'
 * offers a box to type it (for a customer who cannot draw, and for the keyboard alone): the typed name is kept as a
 * picture in the same way.
 */
export function SignatureBox({ label, disabled = false, onReady, error, onChange }: SignatureBoxProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const clear = useRef<() => void>(() => undefined);
  const typed = useRef<string | null>(null);
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const labelId = useId();
  const typedBox = useRef<HTMLInputElement>(null);
  const typeInstead = useRef<HTMLButtonElement>(null);
  // Switching between drawing and typing moves the focus with it (after the switch has drawn): to the box to type
  // in, or back to the button that offers it.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (typing ? typedBox.current : typeInstead.current)?.focus();
  }, [typing]);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    let pad: import('signature_pad').default | undefined;
    let gone = false;
    // The box's size changes with the window (a phone turned sideways or back, the form no longer full screen) and
    // when it is shown again after a typed signature.
    const resized = new ResizeObserver(() => fit());
    /** Sizes the canvas to the box as shown, once the pad has loaded. */
    let fit: () => void = () => undefined;
    void import('signature_pad').then(({ default: SignaturePad }) => {
      const element = canvas.current;
      // No 2D context (a browser without canvas, a test's DOM): nothing can be drawn; "not present" still works.
      const context = element?.getContext('2d');
      if (gone || !element || !context) return;
      const drawing = new SignaturePad(element, {
        backgroundColor: 'rgb(255, 255, 255)',
        penColor: 'rgb(20, 20, 60)',
      });
      pad = drawing;
      fit = () => {
        const width = element.offsetWidth;
        const height = element.offsetHeight;
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const pixels = (size: number) => Math.floor(size * ratio);
        // Hidden (a signature being typed), or the size it has: nothing to do.
        if (width === 0 || (element.width === pixels(width) && element.height === pixels(height))) return;
        // signature_pad's way (its README): the canvas as many pixels as the box shows at the screen's pixel ratio,
        // the context scaled to match, then the strokes drawn again (a new size blanks the canvas). A drawing wider
        // or taller than the box now (signed sideways, then the phone turned back) is made smaller to fit.
        const strokes = drawing.toData();
        let right = 0;
        let bottom = 0;
        for (const stroke of strokes)
          for (const point of stroke.points) {
            right = Math.max(right, point.x + stroke.maxWidth);
            bottom = Math.max(bottom, point.y + stroke.maxWidth);
          }
        const scale = Math.min(1, width / (right || width), height / (bottom || height));
        element.width = pixels(width);
        element.height = pixels(height);
        context.scale(ratio, ratio);
        drawing.fromData(
          scale === 1
            ? strokes
            : strokes.map((stroke) => ({
                ...stroke,
                points: stroke.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })),
              })),
        );
      };
      fit();
      resized.observe(element);
      drawing.addEventListener('endStroke', () => changed.current?.());
      clear.current = () => drawing.clear();
      onReady({
        read: () => {
          if (typed.current !== null)
            return typed.current.trim() ? typedSignature(typed.current.trim()) : null;
          return drawing.isEmpty() ? null : drawing.toDataURL('image/png');
        },
      });
    });
    return () => {
      gone = true;
      resized.disconnect();
      pad?.off();
    };
  }, [onReady]);
  useEffect(() => {
    // Drawing is off while the customer is not there to sign.
    if (disabled) clear.current();
  }, [disabled]);
  // The canvas stays while a signature is typed, hidden: the pad keeps it for when drawing comes back.
  return (
    <Box>
      {typing && (
        <Box>
          <TextInput
            ref={typedBox}
            label={`${label}, typed`}
            description="The customer types their name as their signature."
            autoComplete="off"
            value={text}
            disabled={disabled}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              typed.current = event.currentTarget.value;
              onChange?.();
            }}
          />
          <Button
            variant="subtle"
            size="compact-sm"
            mt={4}
            onClick={() => {
              typed.current = null;
              switched.current = true;
              setTyping(false);
            }}
          >
            Draw the signature instead
          </Button>
        </Box>
      )}
      <Box style={typing ? { display: 'none' } : undefined}>
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
          <Group gap={4}>
            <Button variant="subtle" size="compact-sm" onClick={() => clear.current()} disabled={disabled}>
              Clear signature
            </Button>
            <Button
              ref={typeInstead}
              variant="subtle"
              size="compact-sm"
              disabled={disabled}
              onClick={() => {
                typed.current = text;
                switched.current = true;
                setTyping(true);
              }}
            >
              Type a signature instead
            </Button>
          </Group>
        </Group>
      </Box>
    </Box>
  );
}
