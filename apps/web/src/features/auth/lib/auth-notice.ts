/**
 * Messages that travel with a redirect to /auth. The spec (§2) renders no notification area on
 * /auth, yet raises its 'Session expired', 'Authentication Required' and logout toasts on the
 * way there — so they would never be seen. The redirect carries the message in navigation
 * state and the auth card shows it inline; the toast is still raised as the spec says.
 */
import type { ToastInput } from '@/components/ui/use-toast';
import { translateMessage } from '@/lib/i18n';

export interface AuthNotice {
  title: string;
  description?: string;
  variant?: ToastInput['variant'];
}

export const SESSION_EXPIRED: AuthNotice = {
  variant: 'destructive',
  title: 'Session expired',
  description: 'Please log in again.',
};
export const AUTH_REQUIRED: AuthNotice = {
  variant: 'destructive',
  title: 'Authentication Required',
  description: 'Please log in to access this page',
};
export const LOGGED_OUT: AuthNotice = { title: 'Success', description: 'Logged out successfully' };
export const LOGOUT_FAILED: AuthNotice = {
  variant: 'destructive',
  title: 'Logout failed',
  description: 'Please try again later',
};

/**
 * The notice in the current language, for a toast. The constants stay in the spec's English:
 * they are keys of the `messages` catalogue, and what travels in navigation state.
 */
export function translateNotice(notice: AuthNotice): AuthNotice {
  return {
    ...notice,
    title: translateMessage(notice.title),
    ...(notice.description ? { description: translateMessage(notice.description) } : {}),
  };
}

/** Navigation state for `navigate('/auth', { state })`. */
export function authNoticeState(notice: AuthNotice) {
  return { authNotice: notice };
}

/** The notice in a location's state, if it is one (state is anything the history holds). */
export function readAuthNotice(state: unknown): AuthNotice | null {
  if (!state || typeof state !== 'object' || !('authNotice' in state)) return null;
  const notice = state.authNotice;
  if (!notice || typeof notice !== 'object') return null;
  const { title, description, variant } = notice as Record<string, unknown>;
  if (typeof title !== 'string') return null;
  return {
    title,
    ...(typeof description === 'string' ? { description } : {}),
    ...(variant === 'destructive' ? { variant } : {}),
  };
}
