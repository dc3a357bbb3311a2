import { afterEach, describe, expect, it, vi } from 'vitest';
import { HAND_OFF_WAIT_MS, handedOff } from './open-link';

afterEach(() => vi.useRealTimers());

describe('handedOff (issue 20: an sms: link the device cannot open says so)', () => {
  it('is false when the page stays as it was', async () => {
    vi.useFakeTimers();
    const result = handedOff();
    vi.advanceTimersByTime(HAND_OFF_WAIT_MS);
    await expect(result).resolves.toBe(false);
  });

  it('is true when another app takes the page away within the moment', async () => {
    vi.useFakeTimers();
    const result = handedOff();
    vi.advanceTimersByTime(HAND_OFF_WAIT_MS / 2);
    window.dispatchEvent(new Event('blur'));
    await expect(result).resolves.toBe(true);

    const hidden = handedOff();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await expect(hidden).resolves.toBe(true);
  });
});
