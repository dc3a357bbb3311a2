import type { PagePath } from '@duka/shared/auth/permissions';
import type { ReactNode } from 'react';
import { RouteGuard } from '../route-guard';
import { AppShell } from './app-shell';

/** Spec §2: every protected page is wrapped in the guard plus the navigation bar. */
export function ProtectedPage({
  page,
  announceSignIn,
  children,
}: {
  page: PagePath;
  announceSignIn?: boolean;
  children: ReactNode;
}) {
  return (
    <RouteGuard page={page} announceSignIn={announceSignIn}>
      <AppShell>{children}</AppShell>
    </RouteGuard>
  );
}
