import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, configureToasts, dismissToast, toast, useToast } from './use-toast';

afterEach(() => {
  act(() => clearToasts());
  configureToasts({ showSuccessToasts: () => true });
  vi.useRealTimers();
});

describe('toast', () => {
  it('keeps one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Success', description: 'Logged out successfully' });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete user' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Error', open: true });
  });

  it('closes a dismissed toast but keeps it for its exit', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      const { id } = toast({ title: 'Preference Updated' });
      dismissToast(id);
    });
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Preference Updated', open: false }),
    ]);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Preference Updated' }).dismiss();
    });
    act(() => {
      vi.advanceTimersByTime(999_999);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toEqual([]);
  });
});

describe('the Notifications setting (PRODUCT.md §4)', () => {
  it('silences success toasts when off, but never errors', () => {
    let notifications = false;
    configureToasts({ showSuccessToasts: () => notifications });
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: 'Success', description: 'User created successfully' });
    });
    expect(result.current.toasts).toEqual([]);

    act(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create user' });
    });
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ variant: 'destructive', title: 'Error' }),
    ]);

    notifications = true;
    act(() => {
      toast({ title: 'Success', description: 'User created successfully' });
    });
    expect(result.current.toasts).toEqual([expect.objectContaining({ title: 'Success' })]);
  });
});
