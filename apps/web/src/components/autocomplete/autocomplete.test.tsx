import { screen, within } from '@testing-library/react';
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

function Host({ onPick, onSubmit }: { onPick: (option: string) => void; onSubmit: () => void }) {
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
        fetchSuggestions={async (text) => ADDRESSES.filter((address) => address.startsWith(text))}
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

  it('says so when nothing matches', async () => {
    const onPick = vi.fn();
    renderWithProviders(<Host onPick={onPick} onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Address search' }), 'Nowhere');

    expect(await screen.findByText('No matches found.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
