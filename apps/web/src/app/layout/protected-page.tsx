import type { PagePath } from '@duka/shared/auth/permissions';
import type { ReactNode } from 'react';
import { syncCartWithStore } from '../cart-setup';
import { RouteGuard } from '../route-guard';
import { AppShell } from './app-shell';

// Before any page with a cart renders, the cart is the acting store's (issue 20).
syncCartWithStore();

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
