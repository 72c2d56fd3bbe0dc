import { MAX_LOGO_BYTES, organisationMessages } from '@fieldbook/domain';
import { Box, Button, FileButton, Group, Input } from '@mantine/core';
import { type ReactNode, useId, useRef } from 'react';

/** The image types a logo may be: what the documents can show. */
const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** The logo's type and size, checked before it is read, so a wrong file is refused here, not after sending. */
export function logoRefusal(file: Pick<File, 'type' | 'size'>): string | null {
  if (!LOGO_TYPES.includes(file.type)) return organisationMessages.logoType;
  if (file.size > MAX_LOGO_BYTES) return organisationMessages.logoSize;
  return null;
}

/** A file as a data URL ("data:image/png;base64,…"), the shape the API takes a logo in. */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data URL'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable'));
    reader.readAsDataURL(file);
  });
}

interface LogoInputProps {
  label: string;
  /** The logo as a data URL, or null for none. */
  value: string | null;
  error?: ReactNode;
  onChange: (logo: string | null) => void;
  /** A file that cannot be the logo: its message goes on the field. */
  onRefused: (message: string) => void;
}

/**
 * The organisation's logo: a preview of the one chosen, a button to choose a PNG or JPEG file of at most 1 MB
 * (read in the browser as a data URL) and one to remove it. A wrong type or a file too big is refused at once.
 */
export function LogoInput({ label, value, error, onChange, onRefused }: LogoInputProps) {
  const id = useId();
  const choose = useRef<HTMLButtonElement>(null);
  const resetFile = useRef<() => void>(null);
  const describedBy = [`${id}-description`, error ? `${id}-error` : ''].join(' ').trim();

  const pick = (file: File | null) => {
    // Cleared, so choosing the same file again (after removing it) is a change too.
    resetFile.current?.();
    if (!file) return;
    const refusal = logoRefusal(file);
    if (refusal) return onRefused(refusal);
    readDataUrl(file).then(onChange, () => onRefused(organisationMessages.logoUnreadable));
  };

  const remove = () => {
    onChange(null);
    // The Remove button goes with the logo; the keyboard stays on the field.
    choose.current?.focus();
  };

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description="A PNG or JPEG image of at most 1 MB, shown on invoices and job sheets."
      error={error}
    >
      <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} mt={4}>
        {value && (
          <Box
            component="img"
            src={value}
            alt="The logo"
            display="block"
            mb="xs"
            maw={240}
            mah={96}
            style={{ objectFit: 'contain' }}
          />
        )}
        <Group gap="xs">
          <FileButton
            onChange={pick}
            accept={LOGO_TYPES.join(',')}
            resetRef={resetFile}
            inputProps={{ 'aria-label': `${label} file` }}
          >
            {(props) => (
              <Button
                {...props}
                ref={choose}
                variant="default"
                data-path="logo"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              >
                {value ? 'Replace logo' : 'Choose logo'}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="default" onClick={remove}>
              Remove logo
            </Button>
          )}
        </Group>
      </Box>
    </Input.Wrapper>
  );
}
