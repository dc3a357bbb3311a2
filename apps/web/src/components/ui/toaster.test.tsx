import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { clearToasts, toast, useToast } from './use-toast';

// jsdom has neither PointerEvent nor pointer capture; Radix Toast's swipe needs both.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  if (!('setPointerCapture' in Element.prototype)) {
    Object.assign(Element.prototype, {
      setPointerCapture: () => undefined,
      hasPointerCapture: () => false,
      releasePointerCapture: () => undefined,
    });
  }
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

function showToast() {
  render(<Toaster />);
  const { result } = renderHook(() => useToast());
  act(() => {
    toast({ title: 'Success', description: 'Logged out successfully' });
  });
  const element = screen.getByText('Logged out successfully').closest('li');
  if (!element) throw new Error('The toast was not rendered');
  return { element, isOpen: () => result.current.toasts.some((item) => item.open) };
}

function swipe(element: HTMLElement, fromX: number, toX: number) {
  fireEvent.pointerDown(element, { button: 0, clientX: fromX, clientY: 100 });
  // Radix starts a swipe after a few pixels in the toast's direction, then tracks the pointer.
  fireEvent.pointerMove(element, { clientX: fromX + Math.sign(toX - fromX) * 5, clientY: 100 });
  fireEvent.pointerMove(element, { clientX: toX, clientY: 100 });
  fireEvent.pointerUp(element, { clientX: toX, clientY: 100 });
}

describe('Toaster (spec §4 Toasts)', () => {
  it('closes a toast on its own after 5000 ms, not before', () => {
    vi.useFakeTimers();
    const { isOpen } = showToast();

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(isOpen()).toBe(true);

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(isOpen()).toBe(false);
  });

  it('dismisses on a swipe right beyond the 50 px threshold, and only then', () => {
    const { element, isOpen } = showToast();
    swipe(element, 100, 140);
    expect(isOpen()).toBe(true);
    swipe(element, 100, 20);
    expect(isOpen()).toBe(true);

    swipe(element, 100, 160);
    expect(isOpen()).toBe(false);
  });
});
