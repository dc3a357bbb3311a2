import type { User } from '@duka/shared/auth/auth.schemas';
import { canOpenPage, homePathFor, PAGES, type PagePath } from '@duka/shared/auth/permissions';
import { storeIdSchema } from '@duka/shared/stores/stores.schemas';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, type AuthMode } from '@/features/auth/components/auth-card';
import { readAuthNotice } from '@/features/auth/lib/auth-notice';
import { safeNextPath } from '@/features/auth/lib/next-path';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** PRODUCT.md §5: a shop link's ?store=ID picks the shopper's store; anything else is ignored. */
function storeIdFrom(value: string | null): number | undefined {
  if (value === null) return undefined;
  const parsed = storeIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function isPagePath(path: string): path is PagePath {
  return Object.hasOwn(PAGES, path);
}

/**
 * Where a person goes once signed in: the page they were after (`?next=`, same-origin paths
 * only) when their role may open it, else their role's home (PRODUCT.md §4: not the spec's
 * /pos, which would refuse a shopper).
 */
function destinationFor(user: User, next: string | null): string {
  const path = safeNextPath(next);
  if (!path) return homePathFor(user.role);
  const pathname = new URL(path, 'http://duka.invalid').pathname;
  if (isPagePath(pathname) && !canOpenPage(user.role, pathname)) return homePathFor(user.role);
  return path;
}

/** `?mode=register` is the sign-up view, so Back, reload and links keep it; /auth is login. */
function modeFrom(value: string | null): AuthMode {
  return value === 'register' ? 'register' : 'login';
}

export function AuthPage() {
  const { t } = useTranslation('auth');
  const user = useAuthStore((state) => state.user);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const next = searchParams.get('next');
  const mode = modeFrom(searchParams.get('mode'));

  if (sessionChecked && user) return <Navigate to={destinationFor(user, next)} replace />;

  const handleAuthenticated = (signedIn: User) => {
    void navigate(destinationFor(signedIn, next), { replace: true });
  };

  // The other view's address: the same query (next, store) with only the mode changed.
  const paramsFor = (target: AuthMode) => {
    const params = new URLSearchParams(searchParams);
    if (target === 'register') params.set('mode', 'register');
    else params.delete('mode');
    return params;
  };
  const modeHref = (target: AuthMode) => {
    const query = paramsFor(target).toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };

  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <div className="text-center">
        <p className="text-3xl font-bold tracking-tight text-emerald-700 dark:text-emerald-400">
          Duka
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('tagline')}</p>
      </div>
      <AuthCard
        mode={mode}
        modeHref={modeHref}
        onModeChange={(target) => setSearchParams(paramsFor(target))}
        storeId={storeIdFrom(searchParams.get('store'))}
        onAuthenticated={handleAuthenticated}
        notice={readAuthNotice(location.state)}
      />
    </main>
  );
}
