import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { AppShell } from '../layout/app-shell';

export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const user = useAuthStore((state) => state.user);
  return (
    // The header's store selector reads the store list: outside ProtectedPage, this page holds it.
    <StoreProvider enabled={user !== null}>
      <AppShell>
        <Card className="mx-auto mt-12 max-w-md">
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <p className="text-5xl font-bold text-slate-500 dark:text-slate-400" aria-hidden>
              404
            </p>
            <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t('notFound.description')}</p>
            <Button asChild>
              <Link to={user ? '/' : '/auth'}>{user ? t('backHome') : t('goToLogin')}</Link>
            </Button>
          </CardContent>
        </Card>
      </AppShell>
    </StoreProvider>
  );
}
