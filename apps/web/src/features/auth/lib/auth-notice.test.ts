import { describe, expect, it } from 'vitest';
import { authNoticeState, readAuthNotice, SESSION_EXPIRED } from './auth-notice';

describe('readAuthNotice', () => {
  it('reads back what a redirect carried', () => {
    expect(readAuthNotice(authNoticeState(SESSION_EXPIRED))).toEqual({
      variant: 'destructive',
      title: 'Session expired',
      description: 'Please log in again.',
    });
  });

  it('ignores any other history state', () => {
    expect(readAuthNotice(null)).toBeNull();
    expect(readAuthNotice('Session expired')).toBeNull();
    expect(readAuthNotice({ authNotice: { description: 'no title' } })).toBeNull();
    expect(readAuthNotice({ authNotice: { title: 'Hi', variant: 'loud' } })).toEqual({
      title: 'Hi',
    });
  });
});
