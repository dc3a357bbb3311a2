import { homePathFor } from '@duka/shared/auth/permissions';
import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { AppShell } from '../layout/app-shell';

export function UnauthorizedPage() {
  const { t } = useTranslation('pages');
  const user = useAuthStore((state) => state.user);
  return (
    // The header's store selector reads the store list: outside ProtectedPage, this page holds it.
    <StoreProvider enabled={user !== null}>
      <AppShell>
        <Card className="mx-auto mt-12 max-w-md">
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <ShieldAlertIcon className="size-12 text-amber-500" aria-hidden />
            <h1 className="text-2xl font-bold">{t('unauthorized.title')}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t('unauthorized.description')}</p>
            <Button asChild>
              <Link to={user ? homePathFor(user.role) : '/auth'}>
                {user ? t('backHome') : t('goToLogin')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </AppShell>
    </StoreProvider>
  );
}
