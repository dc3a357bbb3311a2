import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { navEntriesFor } from '@duka/shared/auth/permissions';
import { buildUser } from '@/test/fixtures';
import { MobileMenu } from './mobile-menu';

describe('MobileMenu', () => {
  it('closes when a page is chosen, and the page opens', async () => {
    const user = buildUser('sales');
    const router = createMemoryRouter(
      [{ path: '*', element: <MobileMenu entries={navEntriesFor('sales')} user={user} /> }],
      { initialEntries: ['/pos'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await userEvent.click(menu.querySelector('a[href="/expenses"]')!);
    expect(router.state.location.pathname).toBe('/expenses');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
