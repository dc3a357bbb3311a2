import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnNewRelease } from './reload-on-new-release';

function fakeWindow(onLine = true) {
  const target = new EventTarget() as EventTarget & {
    location: { reload: () => void };
    navigator: { onLine: boolean };
  };
  target.location = { reload: vi.fn() };
  target.navigator = { onLine };
  return target;
}

function chunkFails(target: EventTarget): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('a page chunk that is gone after a release', () => {
  it('reloads the page once, and lets a second failure within a minute surface', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z') });
    const target = fakeWindow();
    reloadOnNewRelease(target as unknown as Window, sessionStorage);

    const first = chunkFails(target);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    vi.setSystemTime(new Date('2026-11-23T08:00:30Z'));
    const second = chunkFails(target);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);

    vi.setSystemTime(new Date('2026-11-23T08:02:00Z'));
    chunkFails(target);
    expect(target.location.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while offline: the error screen offers Retry', () => {
    const target = fakeWindow(false);
    reloadOnNewRelease(target as unknown as Window, sessionStorage);
    const event = chunkFails(target);
    expect(target.location.reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
