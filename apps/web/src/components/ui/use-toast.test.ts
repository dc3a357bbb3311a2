import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, dismissToast, toast, useToast } from './use-toast';

afterEach(() => {
  act(() => clearToasts());
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
});
