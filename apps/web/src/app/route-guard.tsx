import { canOpenPage, type PagePath } from '@duka/shared/auth/permissions';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { AUTH_REQUIRED, authNoticeState, translateNotice } from '@/features/auth/lib/auth-notice';
import { authPathFor } from '@/features/auth/lib/next-path';
import { useAuthStore } from '@/features/auth/stores/auth-store';

interface RouteGuardProps {
  page: PagePath;
  /** Spec §2: /expenses and /profile tell a signed-out visitor why they were sent away. */
  announceSignIn?: boolean;
  children: ReactNode;
}

/**
 * Spec §2: renders nothing while the session check runs or when access is denied; sends the
 * signed-out to /auth and a role the shared matrix refuses to /unauthorized. The sign-in page
 * is told where the visitor wanted to go (`?next=`), so signing in takes them there.
 */
export function RouteGuard({ page, announceSignIn = false, children }: RouteGuardProps) {
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  const location = useLocation();
  const signedOut = sessionChecked && (!user || !isAuthenticated);

  useEffect(() => {
    if (signedOut && announceSignIn) {
      toast(translateNotice(AUTH_REQUIRED));
    }
  }, [signedOut, announceSignIn]);

  if (!sessionChecked) return null;
  if (signedOut || !user) {
    const state = announceSignIn ? authNoticeState(AUTH_REQUIRED) : undefined;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPathFor(wanted)} replace state={state} />;
  }
  if (!canOpenPage(user.role, page)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
