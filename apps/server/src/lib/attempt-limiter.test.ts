import { describe, expect, it } from 'vitest';
import { TestClock } from '../testing/create-test-app';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then refuses with the seconds left', () => {
    const clock = new TestClock();
    const limiter = new AttemptLimiter({ max: 2, windowMs: 60_000, clock });
    expect(limiter.reserve('a')).toEqual({ allowed: true });
    expect(limiter.reserve('a')).toEqual({ allowed: true });
    clock.advance(15_000);
    expect(limiter.reserve('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.reserve('b')).toEqual({ allowed: true });
    clock.advance(45_000);
    expect(limiter.reserve('a')).toEqual({ allowed: true });
  });

  it('gives a released attempt back', () => {
    const limiter = new AttemptLimiter({ max: 1, windowMs: 60_000, clock: new TestClock() });
    expect(limiter.reserve('a').allowed).toBe(true);
    limiter.release('a');
    expect(limiter.reserve('a').allowed).toBe(true);
    expect(limiter.reserve('a').allowed).toBe(false);
  });

  it('keeps memory bounded, dropping the oldest windows first', () => {
    const limiter = new AttemptLimiter({
      max: 1,
      windowMs: 60_000,
      clock: new TestClock(),
      maxKeys: 3,
    });
    for (const key of ['a', 'b', 'c', 'd']) limiter.reserve(key);
    // 'a' was the oldest and has been dropped; 'd' is still counted.
    expect(limiter.reserve('a').allowed).toBe(true);
    expect(limiter.reserve('d').allowed).toBe(false);
  });
});
