/**
 * Fixed-window attempt counting for sign-in (docs/decisions/0002). Reserving an attempt checks
 * and counts it in one synchronous step, so parallel requests cannot all slip past the check
 * while a slow password hash runs; a successful sign-in gives its attempt back, so only
 * failures count against an email. Time comes from the injected clock.
 *
 * Counters live in this process. Memory is bounded: past `maxKeys` the expired windows are
 * dropped first, then the oldest ones.
 */
import type { Clock } from './clock';

export interface LimiterOptions {
  max: number;
  windowMs: number;
  clock: Clock;
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class AttemptLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;

  constructor(private readonly options: LimiterOptions) {
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Count one attempt for `key`, or refuse it when the window's budget is spent. */
  reserve(key: string): Reservation {
    const now = this.options.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.prune(now);
    }
    if (window.count >= this.options.max) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    }
    window.count += 1;
    return { allowed: true };
  }

  /** Give back an attempt that turned out fine (a correct password). */
  release(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private prune(now: number) {
    if (this.windows.size <= this.maxKeys) return;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    // Maps iterate in insertion order: what remains beyond the cap is the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
