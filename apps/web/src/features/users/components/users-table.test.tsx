import type { ManagedUser } from '@duka/shared/users/users.schemas';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { UsersTable } from './users-table';

const person = (overrides: Partial<ManagedUser>): ManagedUser => ({
  ...buildUser('sales'),
  archived_at: null,
  ...overrides,
});

describe('UsersTable (issue 20: people who left)', () => {
  it('shows an archived account as Archived, with nothing to edit or delete', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(
      <UsersTable
        users={[
          person({ id: 1, name: 'Wanjiku Cashier' }),
          person({
            id: 2,
            name: 'Leaving Lucy',
            is_active: false,
            archived_at: '2026-11-20T09:00:00.000Z',
          }),
        ]}
        currentUserId={99}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    );
    const [, active, archived] = screen.getAllByRole('row');
    expect(within(active!).getByText('Active')).toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(archived!).getByText('Archived')).toBeInTheDocument();
    expect(within(archived!).queryByText('Inactive')).toBeNull();
    expect(within(archived!).queryByRole('button')).toBeNull();
    expect(
      within(archived!).getByText(
        'Left the shop: cannot sign in; their name stays on their sales.',
      ),
    ).toBeInTheDocument();
  });
});
