import { actsOnChosenStore, can, homePathFor, navEntriesFor } from '@duka/shared/auth/permissions';
import { isStaff } from '@duka/shared/auth/roles';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { CartButton } from '@/features/cart/components/cart-button';
import { StoreName, StoreSelector } from '@/features/stores/components/store-selector';
import { ConnectionStatus } from './connection-status';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import { NavLinkItem } from './nav-link-item';
import { navLabelKey } from './nav-label';

/**
 * Issue 27: the header's backup warning, loaded only for those who may read the backups, after
 * the page (the /pos and /shop budgets do not carry it); its words load with it (Suspense).
 * Failing to load (offline), it shows nothing rather than the page's error screen.
 */
const BackupWarning = lazy(() =>
  import('@/features/system/components/backup-warning').catch(() => ({ default: () => null })),
);

/** Spec §2 navigation bar; which links show comes from the shared access matrix. */
export function NavigationBar() {
  const { t } = useTranslation('navigation');
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const entries = navEntriesFor(user.role);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-2 px-4 md:px-6">
        <MobileMenu entries={entries} user={user} />
        <Link
          to={homePathFor(user.role)}
          className="mr-2 text-xl font-bold tracking-tight text-emerald-700 dark:text-emerald-400"
        >
          Duka
        </Link>
        <nav aria-label={t('mainLabel')} className="hidden items-center gap-0.5 lg:flex">
          {entries.map((entry) => (
            <NavLinkItem key={entry.path} to={entry.path} label={t(navLabelKey(entry.path))} />
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {/* Narrower below 1,280 px: the super admin's thirteen entries need the room. */}
          <Link
            to="/profile"
            className="hidden max-w-28 truncate rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100 lg:inline-block xl:max-w-40 dark:hover:bg-slate-800"
          >
            {user.name}
          </Link>
          <CartButton />
          <LogoutButton />
        </div>
      </div>
      {/* Which store everything on the page belongs to, in full, on every screen size. */}
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex min-h-10 w-full max-w-7xl flex-wrap items-center gap-2 px-4 py-1 md:px-6">
          {actsOnChosenStore(user.role) ? <StoreSelector /> : <StoreName />}
          {/* Issue 27: a failed or missing backup, for those who may read the backups. */}
          {can(user.role, 'system:read') && (
            <Suspense fallback={null}>
              <BackupWarning />
            </Suspense>
          )}
          {/* Issue 22: the connection and the sales waiting on this device, for staff. */}
          {isStaff(user.role) && <ConnectionStatus />}
        </div>
      </div>
    </header>
  );
}
