import type { PagePath } from '@duka/shared/auth/permissions';
import { useState, type ReactNode } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { syncCartWithStore } from '../cart-setup';
import { followConnection, OFFLINE_PAGES, useOnline } from '../connection';
import { DeviceCatalogueSync } from '../device-catalogue-sync';
import { followOutboxSession } from '../outbox-setup';
import { RouteGuard } from '../route-guard';
import { AppShell } from './app-shell';
import { OfflineNotice } from './offline-notice';

// Before any page with a cart renders, the cart is the acting store's (issue 20).
syncCartWithStore();
// The header's status and the offline notice follow the connection (issue 22).
followConnection();
// Issue 22: the device's sales upload under the session of the person who made them.
followOutboxSession();

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
  const signedIn = useAuthStore((state) => state.user !== null);
  return (
    // The store list and the current store, for the header and the pages; here rather than in
    // the root layout, so that its query code is not in the first load (issue 25). The same
    // provider stays mounted from one protected page to the next.
    <StoreProvider enabled={signedIn}>
      <RouteGuard page={page} announceSignIn={announceSignIn}>
        {/* Issue 22: the device keeps the store's catalogue for the offline till. */}
        <DeviceCatalogueSync />
        <AppShell>
          {/* Keyed: each page starts from its own first render, not the previous page's. */}
          <NeedsConnection key={page} page={page}>
            {children}
          </NeedsConnection>
        </AppShell>
      </RouteGuard>
    </StoreProvider>
  );
}

/**
 * Issue 22: a page that needs the server, opened offline, says so instead of loading (no
 * spinner, no error), and loads by itself when the connection returns. One already showing
 * when the connection drops stays, under the notice. The till (OFFLINE_PAGES) works offline.
 */
function NeedsConnection({ page, children }: { page: PagePath; children: ReactNode }) {
  const online = useOnline();
  // Whether the page has been shown online once (kept from render to render, React's way).
  const [shown, setShown] = useState(online);
  if (online && !shown) setShown(true);
  if (OFFLINE_PAGES.includes(page)) return children;
  if (!shown) return <OfflineNotice />;
  return (
    <>
      {!online && <OfflineNotice inline />}
      {children}
    </>
  );
}
