import { type ComponentPropsWithoutRef, type CSSProperties, useId } from 'react';
import { PlainField, type PlainFieldProps } from './plain-inputs';

type PlainSelectProps = PlainFieldProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'style' | 'children'> & {
    options: { value: string; label: string }[];
  };

/**
 * A labelled select of the browser's own that looks as Mantine's NativeSelect (its classes, Input.css and its
 * chevron's, Combobox.css), for a first screen (a technician's day, the office's choice of technician).
 */
export function PlainSelect({ label, description, style, id, options, ...select }: PlainSelectProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  const chevron = (
    <svg
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="sm"
      data-combobox-chevron="true"
      style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties}
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden="true"
    >
      <path
        d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25c.18.18.46.18.64 0z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
  return (
    <PlainField
      label={label}
      description={description}
      style={style}
      id={selectId}
      kind="NativeSelect"
      rightSection={chevron}
    >
      <select
        id={selectId}
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        data-variant="default"
        aria-describedby={description ? `${selectId}-description` : undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </PlainField>
  );
}
