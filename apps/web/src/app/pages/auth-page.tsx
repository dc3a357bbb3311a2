import type { User } from '@duka/shared/auth/auth.schemas';
import { homePathFor } from '@duka/shared/auth/permissions';
import { storeIdSchema } from '@duka/shared/stores/stores.schemas';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { readAuthNotice } from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** PRODUCT.md §5: a shop link's ?store=ID picks the shopper's store; anything else is ignored. */
function storeIdFrom(value: string | null): number | undefined {
  if (value === null) return undefined;
  const parsed = storeIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function AuthPage() {
  const { t } = useTranslation('auth');
  const user = useAuthStore((state) => state.user);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();

  if (sessionChecked && user) return <Navigate to={homePathFor(user.role)} replace />;

  // PRODUCT.md §4: the role's home, not the spec's /pos, which would refuse a shopper.
  const handleAuthenticated = (signedIn: User) => {
    void navigate(homePathFor(signedIn.role), { replace: true });
  };

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <div className="text-center">
        <p className="text-3xl font-bold tracking-tight text-emerald-700 dark:text-emerald-400">
          Duka
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('tagline')}</p>
      </div>
      <AuthCard
        storeId={storeIdFrom(searchParams.get('store'))}
        onAuthenticated={handleAuthenticated}
        notice={readAuthNotice(location.state)}
      />
    </main>
  );
}
