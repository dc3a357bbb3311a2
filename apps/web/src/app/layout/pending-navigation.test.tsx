import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PendingNavigation } from './pending-navigation';

describe('going to a page whose code is still on its way', () => {
  it('keeps the current page and, if it takes a while, says it is loading', async () => {
    let deliver: (page: { element: ReactNode }) => void = () => {};
    const router = createMemoryRouter([
      {
        element: (
          <>
            <Outlet />
            <PendingNavigation />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/slow">Slow page</Link> },
          {
            path: '/slow',
            lazy: () => new Promise<{ element: ReactNode }>((resolve) => (deliver = resolve)),
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);

    act(() => screen.getByRole('link', { name: 'Slow page' }).click());
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('link', { name: 'Slow page' })).toBeInTheDocument();

    await act(async () => deliver({ element: <h1>Slow page content</h1> }));
    expect(await screen.findByRole('heading', { name: 'Slow page content' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
