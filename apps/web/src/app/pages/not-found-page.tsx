import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AppShell } from '../layout/app-shell';

export function NotFoundPage() {
  const user = useAuthStore((state) => state.user);
  return (
    <AppShell>
      <Card className="mx-auto mt-12 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <p className="text-5xl font-bold text-slate-500 dark:text-slate-400" aria-hidden>
            404
          </p>
          <h1 className="text-2xl font-bold">Page not found</h1>
          <p className="text-slate-600 dark:text-slate-400">
            The page you are looking for does not exist.
          </p>
          <Button asChild>
            <Link to={user ? '/' : '/auth'}>{user ? 'Back to home' : 'Go to login'}</Link>
          </Button>
        </CardContent>
      </Card>
    </AppShell>
  );
}
