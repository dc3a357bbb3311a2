/**
 * Toast state (spec §4 "Toasts"): one toast at a time; a dismissed toast stays in the list,
 * closed, for 1,000,000 ms so its exit animation can run, as in the original app.
 */
import { create } from 'zustand';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it shows, in ms; TOAST_DURATION when not given (the till's are shorter). */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastSettings {
  /**
   * Whether success (non-destructive) toasts show. PRODUCT.md §4: the Notifications preference
   * silences them; errors always show. Injected by the app, so this module knows no preference.
   */
  showSuccessToasts: () => boolean;
}

let settings: ToastSettings = { showSuccessToasts: () => true };

export function configureToasts(next: Partial<ToastSettings>): void {
  settings = { ...settings, ...next };
}

const useToastStore = create<{ toasts: ToastItem[] }>(() => ({ toasts: [] }));

let counter = 0;
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      useToastStore.setState((state) => ({
        toasts: state.toasts.filter((item) => item.id !== id),
      }));
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  if (input.variant !== 'destructive' && !settings.showSuccessToasts()) {
    return { id: '', dismiss: () => undefined };
  }
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  useToastStore.setState((state) => ({
    toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT),
  }));
  return { id, dismiss: () => dismissToast(id) };
}

/** Close one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  useToastStore.setState((state) => ({
    toasts: state.toasts.map((item) => {
      if (id !== undefined && item.id !== id) return item;
      scheduleRemoval(item.id);
      return { ...item, open: false };
    }),
  }));
}

/** Forget every toast at once (used where the toaster is not shown, so none pops up later). */
export function clearToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  useToastStore.setState({ toasts: [] });
}

export function useToast() {
  const toasts = useToastStore((state) => state.toasts);
  return { toasts, toast, dismiss: dismissToast };
}
