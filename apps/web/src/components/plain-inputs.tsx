import { type ComponentPropsWithoutRef, type CSSProperties, type ReactNode, useId } from 'react';

/**
 * Mantine's TextInput (and NativeSelect, `plain-select.tsx`) as their elements and classes (Input.css), for the
 * first screens (the list's search box, a technician's day): the components and their wrapper's code were 3 KB of
 * the first download. Size sm, variant default, as Mantine draws them.
 */
export interface PlainFieldProps {
  label: ReactNode;
  /** Under the label, as Mantine's `description`. */
  description?: ReactNode;
  /** The root's style: its width or flex. */
  style?: CSSProperties;
}

/** The label, description and box around an input (`children`) with the id `id`. */
export function PlainField({
  label,
  description,
  style,
  id,
  kind,
  rightSection,
  children,
}: PlainFieldProps & {
  id: string;
  /** Mantine's component, in the elements' static class names. */
  kind: 'TextInput' | 'NativeSelect';
  /** At the box's right end, letting a tap through (a select's chevron). */
  rightSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`} data-size="sm" style={style}>
      <label
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="sm"
        htmlFor={id}
        style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
      >
        {label}
      </label>
      {description && (
        <p
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${id}-description`}
          style={
            { '--input-description-size': 'calc(var(--mantine-font-size-sm) - 0.125rem)' } as CSSProperties
          }
        >
          {description}
        </p>
      )}
      <div
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-pointer={rightSection ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
        style={
          {
            '--input-height': 'var(--input-height-sm)',
            '--input-fz': 'var(--mantine-font-size-sm)',
            '--input-margin-top': description ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
            '--input-right-section-pointer-events': rightSection ? 'none' : undefined,
          } as CSSProperties
        }
      >
        {children}
        {rightSection && (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
            {rightSection}
          </div>
        )}
      </div>
    </div>
  );
}

type PlainTextInputProps = PlainFieldProps & Omit<ComponentPropsWithoutRef<'input'>, 'style'>;

/** A labelled text box (any `type`) that looks as Mantine's TextInput. */
export function PlainTextInput({ label, description, style, id, ...input }: PlainTextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <PlainField label={label} description={description} style={style} id={inputId} kind="TextInput">
      <input
        id={inputId}
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        aria-describedby={description ? `${inputId}-description` : undefined}
        {...input}
      />
    </PlainField>
  );
}
