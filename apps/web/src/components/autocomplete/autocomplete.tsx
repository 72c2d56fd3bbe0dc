import { Box, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Spinner } from '../spinner';

export interface AutocompleteProps<T> {
  label: string;
  /** The text in the box (controlled). */
  value: string;
  onChange: (text: string) => void;
  /** Identifies the suggestions in the query cache; the typed text is appended. */
  suggestionsKey: QueryKey;
  fetchSuggestions: (text: string) => Promise<readonly T[]>;
  optionKey: (option: T) => string;
  /** The option's text; picking an option puts it in the box. */
  optionLabel: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  /** Called after the box takes the picked option's label. */
  onPick: (option: T) => void;
  /** Fewest characters before suggestions are fetched. */
  minLength?: number;
  debounceMs?: number;
  noResultsText?: string;
  /** Over the last list, dimmed, while the suggestions for the text now in the box load. */
  searchingText?: string;
  placeholder?: string;
  description?: string;
  error?: string | null;
  required?: boolean;
}

/** The highlighted option, remembered together with the list it belongs to, so a new list starts unhighlighted. */
interface Highlight<T> {
  options: readonly T[];
  index: number;
}

const NO_OPTIONS: readonly never[] = [];

/**
 * A text box with a dropdown of suggestions fetched as the user types (the WAI-ARIA combobox pattern).
 * ArrowDown and ArrowUp move the highlight, Enter and Tab pick the highlighted option (Enter the only one, when
 * one option is listed and none is highlighted), Escape or a click
 * elsewhere closes the dropdown. Only suggestions for the text in the box can be highlighted or picked: while
 * those load, the last list stays dimmed under 'Searching…', and Enter waits (it picks nothing, submits nothing).
 */
export function Autocomplete<T>({
  label,
  value,
  onChange,
  suggestionsKey,
  fetchSuggestions,
  optionKey,
  optionLabel,
  renderOption = optionLabel,
  onPick,
  minLength = 2,
  debounceMs = 200,
  noResultsText = 'No matches found.',
  searchingText = 'Searching…',
  placeholder,
  description,
  error,
  required,
}: AutocompleteProps<T>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight<T> | null>(null);
  const typed = value.trim();
  const [text] = useDebouncedValue(typed, debounceMs);

  const enabled = open && text.length >= minLength;
  const suggestions = useQuery({
    queryKey: [...suggestionsKey, text],
    queryFn: () => fetchSuggestions(text),
    enabled,
    staleTime: 60_000,
    // The last list stays on screen while the next loads, dimmed and not pickable.
    placeholderData: keepPreviousData,
  });
  // Only the answer for the text in the box now can be picked: not one for an earlier text (kept while the
  // next loads), nor the debounced text's while the user is still typing.
  const current = enabled && text === typed && suggestions.isSuccess && !suggestions.isPlaceholderData;
  const shown = enabled ? (suggestions.data ?? NO_OPTIONS) : NO_OPTIONS;
  const options = current ? shown : NO_OPTIONS;
  const failed = text === typed && suggestions.isError;
  const searching = open && typed.length >= minLength && !current && !failed;
  const active = highlight?.options === options ? highlight.index : -1;
  const expanded = open && options.length > 0;
  const outdated = searching && shown.length > 0;
  const noResults = current && options.length === 0;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setHighlight(null);
  };

  const pick = (option: T | undefined) => {
    if (option === undefined) return;
    onChange(optionLabel(option));
    close();
    onPick(option);
  };

  const move = (step: 1 | -1) => {
    if (options.length === 0) return;
    const from = active === -1 && step === -1 ? 0 : active;
    const index = (from + step + options.length) % options.length;
    setHighlight({ options, index });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        // The highlighted option; with none highlighted, the only one there is (typing "Marg" finds Margaret).
        if (expanded && (active >= 0 || (options.length === 1 && !searching && !outdated))) {
          // Picking is all Enter does here: it must not submit the form around the box.
          event.preventDefault();
          pick(options[Math.max(active, 0)]);
        } else if (searching || outdated) {
          // Suggestions for this text are on their way: Enter neither picks an older one nor submits the form.
          event.preventDefault();
        }
        break;
      case 'Tab':
        // Focus moves on as usual; the highlighted option (if any) is taken on the way.
        if (expanded && active >= 0) pick(options[active]);
        else close();
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        error={error}
        required={required}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        rightSection={searching ? <Spinner size="xs" /> : null}
      />
      {(expanded || outdated || noResults) && (
        <Paper
          shadow="md"
          withBorder
          p={4}
          style={{ position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 300, marginTop: 4 }}
        >
          {expanded ? (
            <div
              id={listboxId}
              role="listbox"
              aria-label={label}
              style={{ maxHeight: 320, overflowY: 'auto' }}
            >
              {options.map((option, index) => (
                <Box
                  key={optionKey(option)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  px="sm"
                  py={6}
                  style={{
                    cursor: 'pointer',
                    borderRadius: 4,
                    background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                  // Keep the focus in the box, so the click is not taken for a click elsewhere.
                  onMouseDown={(event) => event.preventDefault()}
                  // Only a pointer that moves highlights: a list opening under a resting pointer is not a choice.
                  onMouseMove={(event) => {
                    if (event.movementX !== 0 || event.movementY !== 0) setHighlight({ options, index });
                  }}
                  onClick={() => pick(option)}
                >
                  {renderOption(option)}
                </Box>
              ))}
            </div>
          ) : outdated ? (
            <>
              <Text size="sm" c="dimmed" px="sm" py={6} role="status">
                {searchingText}
              </Text>
              {/* The list for an earlier text until this text's arrives: dimmed, and neither options nor pickable. */}
              <Box
                aria-hidden="true"
                data-outdated
                style={{ maxHeight: 280, overflow: 'hidden', opacity: 0.4, cursor: 'progress' }}
                onMouseDown={(event) => event.preventDefault()}
              >
                {shown.map((option) => (
                  <Box key={optionKey(option)} px="sm" py={6}>
                    {renderOption(option)}
                  </Box>
                ))}
              </Box>
            </>
          ) : (
            <Text size="sm" c="dimmed" px="sm" py={6} role="status">
              {noResultsText}
            </Text>
          )}
        </Paper>
      )}
    </div>
  );
}
