import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPageChange } from '../page-changes';
import { RootLayout } from './root-layout';

describe('RootLayout', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('tells app/page-changes each completed page change, not the first page', async () => {
    const changed = vi.fn();
    stop = onPageChange(changed);
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/one', element: <Link to="/two">Two</Link> },
            { path: '/two', element: <h1>Page two</h1> },
          ],
        },
      ],
      { initialEntries: ['/one'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('link', { name: 'Two' });
    expect(changed).not.toHaveBeenCalled();

    act(() => screen.getByRole('link', { name: 'Two' }).click());
    await screen.findByRole('heading', { name: 'Page two' });
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
