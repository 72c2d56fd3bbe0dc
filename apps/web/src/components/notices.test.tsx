import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NoticesProvider, useFormNotices } from './notices';

function SavedTwice() {
  const notices = useFormNotices('Organisation details saved.');
  return (
    <button type="button" onClick={() => notices.confirm('Organisation details saved.')}>
      Save
    </button>
  );
}

describe('useFormNotices', () => {
  it("shows one notice per form: a second save's replaces the first's", async () => {
    render(
      <NoticesProvider>
        <SavedTwice />
      </NoticesProvider>,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Organisation details saved.');
  });
});
