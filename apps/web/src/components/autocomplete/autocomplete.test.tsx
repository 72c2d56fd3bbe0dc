import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Autocomplete } from './autocomplete';

const ADDRESSES = [
  '1 George St, Sydney NSW 2000',
  '1 George St, Parramatta NSW 2150',
  '1 George St, Brisbane QLD',
];

interface HostProps {
  onPick: (option: string) => void;
  onSubmit: () => void;
  fetchSuggestions?: (text: string) => Promise<readonly string[]>;
}

const startsWith = async (text: string) => ADDRESSES.filter((address) => address.startsWith(text));

function Host({ onPick, onSubmit, fetchSuggestions = startsWith }: HostProps) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit}>
      <Autocomplete
        label="Address search"
        value={value}
        onChange={setValue}
        suggestionsKey={['test-addresses']}
        fetchSuggestions={fetchSuggestions}
        optionKey={(option) => option}
        optionLabel={(option) => option}
        onPick={onPick}
        debounceMs={10}
      />
      <label>
        Next field
        <input />
      </label>
    </form>
  );
}

async function renderAndType(text = '1 George') {
  const onPick = vi.fn();
  const onSubmit = vi.fn();
  renderWithProviders(<Host onPick={onPick} onSubmit={onSubmit} />);
  const user = userEvent.setup();
  const box = screen.getByRole('combobox', { name: 'Address search' });
  // Pasted in one change: typed key by key on a busy machine, the short debounce could fetch for a part of the
  // text and replace the options (and their highlight) after the test has started using them.
  await user.click(box);
  await user.paste(text);
  await screen.findAllByRole('option');
  return { box, user, onPick, onSubmit };
}

function options() {
  return screen.getAllByRole('option');
}

describe('Autocomplete', () => {
  it('shows the suggestions for the typed text in a listbox', async () => {
    const { box } = await renderAndType();

    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Address search' });
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(ADDRESSES);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves the highlight with ArrowDown and ArrowUp, wrapping at the ends', async () => {
    const { box, user } = await renderAndType();

    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[2]).toHaveAttribute('aria-selected', 'false');
  });

  it('picks the highlighted option with Enter, without submitting the form', async () => {
    const { box, user, onPick, onSubmit } = await renderAndType();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(onPick).toHaveBeenCalledWith(ADDRESSES[1]);
    expect(box).toHaveValue(ADDRESSES[1]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('picks the only option listed with Enter, nothing highlighted; with more listed, Enter picks nothing', async () => {
    const many = await renderAndType();
    await many.user.keyboard('{Enter}');
    expect(many.onPick).not.toHaveBeenCalled();
    many.onSubmit.mockClear();
    await many.user.clear(many.box);
    await many.user.paste(ADDRESSES[1] as string);
    await vi.waitFor(() => expect(options()).toHaveLength(1));
    await many.user.keyboard('{Enter}');
    expect(many.onPick).toHaveBeenCalledExactlyOnceWith(ADDRESSES[1]);
    expect(many.onSubmit).not.toHaveBeenCalled();
  });

  it('picks the highlighted option with Tab, and the focus moves on', async () => {
    const { box, user, onPick } = await renderAndType();

    await user.keyboard('{ArrowDown}');
    await user.tab();

    expect(onPick).toHaveBeenCalledWith(ADDRESSES[0]);
    expect(box).toHaveValue(ADDRESSES[0]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Next field')).toHaveFocus();
  });

  it('Tab with nothing highlighted closes the dropdown and picks nothing', async () => {
    const { box, user, onPick } = await renderAndType();

    await user.tab();

    expect(onPick).not.toHaveBeenCalled();
    expect(box).toHaveValue('1 George');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes with Escape, keeping the text, and ArrowDown opens it again', async () => {
    const { box, user, onPick } = await renderAndType();

    await user.keyboard('{ArrowDown}{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('1 George');
    expect(box).toHaveFocus();
    expect(onPick).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('closes when the user clicks elsewhere', async () => {
    const { user, onPick } = await renderAndType();

    await user.click(document.body);

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('picks an option that is clicked', async () => {
    const { box, user, onPick } = await renderAndType();

    await user.click(screen.getByRole('option', { name: ADDRESSES[2] }));

    expect(onPick).toHaveBeenCalledWith(ADDRESSES[2]);
    expect(box).toHaveValue(ADDRESSES[2]);
  });

  it('highlights an option the pointer moves over, not one that opens under a resting pointer', async () => {
    const { box } = await renderAndType();

    fireEvent.mouseOver(options()[1] as HTMLElement);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.mouseMove(options()[1] as HTMLElement, { movementX: 4, movementY: 1 });
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when nothing matches', async () => {
    const onPick = vi.fn();
    renderWithProviders(<Host onPick={onPick} onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Address search' }), 'Nowhere');

    expect(await screen.findByText('No matches found.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});

/** A fetch whose answers the test gives, in any order: `answer(text, options)`. */
function controllableFetch() {
  const pending = new Map<string, (options: readonly string[]) => void>();
  const fetchSuggestions = vi.fn(
    (text: string) => new Promise<readonly string[]>((resolve) => pending.set(text, resolve)),
  );
  const answer = async (text: string, options: readonly string[]) => {
    await vi.waitFor(() => expect(pending.has(text)).toBe(true));
    pending.get(text)?.(options);
  };
  return { fetchSuggestions, answer };
}

const BONDI = ['112 Campbell Parade, Bondi Beach NSW 2026', 'Bondi Junction NSW 2022'];
const MARRICKVILLE = ['3/12 Illawarra Road, Marrickville NSW 2204'];

describe('Autocomplete, suggestions of another text', () => {
  it("never picks the last text's suggestions while the new text's load (the Bondi case)", async () => {
    const { fetchSuggestions, answer } = controllableFetch();
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<Host onPick={onPick} onSubmit={onSubmit} fetchSuggestions={fetchSuggestions} />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Address search' });

    await user.click(box);
    await user.paste('Bondi');
    await answer('Bondi', BONDI);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(BONDI);

    await user.clear(box);
    await user.paste('3/12 Illawarra Rd Marr');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onPick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue('3/12 Illawarra Rd Marr');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // The Bondi list is still in sight, dimmed, under 'Searching…'.
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(screen.getByText(BONDI[0] ?? '')).toBeVisible();
    await user.click(screen.getByText(BONDI[0] ?? ''));
    expect(onPick).not.toHaveBeenCalled();

    await answer('3/12 Illawarra Rd Marr', MARRICKVILLE);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(MARRICKVILLE);
    expect(screen.queryByText(BONDI[0] ?? '')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onPick).toHaveBeenCalledExactlyOnceWith(MARRICKVILLE[0]);
    expect(box).toHaveValue(MARRICKVILLE[0]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('drops the late answer to an earlier text', async () => {
    const { fetchSuggestions, answer } = controllableFetch();
    const onPick = vi.fn();
    renderWithProviders(<Host onPick={onPick} onSubmit={vi.fn()} fetchSuggestions={fetchSuggestions} />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Address search' });

    await user.click(box);
    await user.paste('3/12 Illawarra');
    await vi.waitFor(() => expect(fetchSuggestions).toHaveBeenCalledWith('3/12 Illawarra'));
    await user.paste(' Rd Marr');
    await answer('3/12 Illawarra Rd Marr', MARRICKVILLE);
    await screen.findByRole('option', { name: MARRICKVILLE[0] });
    // The earlier request answers last, with a list for its shorter text.
    await answer('3/12 Illawarra', BONDI);

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(MARRICKVILLE);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith(MARRICKVILLE[0]);
  });

  it('while the user is still typing, the list shown is not for the text in the box, and Enter waits', async () => {
    const { fetchSuggestions, answer } = controllableFetch();
    const onPick = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<Host onPick={onPick} onSubmit={onSubmit} fetchSuggestions={fetchSuggestions} />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Address search' });
    await user.click(box);
    await user.paste('Bondi');
    await answer('Bondi', BONDI);
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');

    // One more key: the highlighted Bondi option is not for 'BondiJ', and Enter cannot take it.
    await user.keyboard('J{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue('BondiJ');
  });
});
