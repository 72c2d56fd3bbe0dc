import type { MutationFunctionContext, UseMutationResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { deleteAction, editAction, RecordActions } from './record-actions';

/** A deletion that succeeds as soon as it is asked for. */
function succeedingDeletion(): Pick<UseMutationResult<void, Error, void>, 'mutate' | 'isPending'> {
  const context = {} as MutationFunctionContext;
  return {
    isPending: false,
    mutate: vi.fn((_, options) => void options?.onSuccess?.(undefined, undefined, undefined, context)),
  };
}

describe('RecordActions', () => {
  it('shows links and actions as buttons, and more of both in the Actions menu', async () => {
    const schedule = vi.fn();
    const downloadPdf = vi.fn();
    renderWithProviders(
      <RecordActions
        buttons={[editAction('/jobs/j-1/edit'), { label: 'Ready to be scheduled', onClick: schedule }]}
        menu={[
          { label: 'Copy to invoice', to: '/sales/invoices/new?fromJob=j-1' },
          { label: 'PDF', onClick: downloadPdf },
        ]}
      />,
    );
    const user = userEvent.setup();

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/jobs/j-1/edit');
    await user.click(screen.getByRole('button', { name: 'Ready to be scheduled' }));
    expect(schedule).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Copy to invoice' })).toHaveAttribute(
      'href',
      '/sales/invoices/new?fromJob=j-1',
    );
    await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
    expect(downloadPdf).toHaveBeenCalledOnce();
  });

  it('asks before a destructive action, naming the record; Cancel does nothing; done, it says so', async () => {
    const deletion = succeedingDeletion();
    const onDeleted = vi.fn();
    renderWithProviders(
      <RecordActions
        menu={[
          deleteAction({
            label: 'Delete job',
            question: 'Delete job 42?',
            deletion,
            onDeleted,
          }),
        ]}
      />,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete job' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete job 42?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletion.mutate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete job' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete job' }));
    expect(deletion.mutate).toHaveBeenCalledOnce();
    expect(onDeleted).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Job 42 deleted.');
  });

  it('gives the keyboard back to the Actions button when the question closes', async () => {
    renderWithProviders(
      <RecordActions
        menu={[
          deleteAction({
            question: 'Delete item TAP?',
            deletion: { mutate: vi.fn(), isPending: false },
            onDeleted: vi.fn(),
          }),
        ]}
      />,
    );
    const user = userEvent.setup();
    const actions = screen.getByRole('button', { name: 'Actions' });

    await user.click(actions);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete item TAP?' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actions).toHaveFocus();

    await user.click(actions);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(actions).toHaveFocus();
  });

  it('confirms a deletion in the words given', async () => {
    renderWithProviders(
      <RecordActions
        menu={[
          deleteAction({
            question: 'Remove this location?',
            deletedNotice: 'Location removed.',
            deletion: succeedingDeletion(),
            onDeleted: vi.fn(),
          }),
        ]}
      />,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Location removed.');
  });

  it('shows a running menu action on the menu button', () => {
    renderWithProviders(<RecordActions menu={[{ label: 'Delete', onClick: vi.fn(), busy: true }]} />);
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('data-loading', 'true');
  });

  it('has no Actions menu without menu actions', () => {
    renderWithProviders(<RecordActions buttons={[editAction('/items/i-1/edit')]} />);
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
