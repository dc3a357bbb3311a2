import { homePathFor } from '@duka/shared/auth/permissions';
import { ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AppShell } from '../layout/app-shell';

export function UnauthorizedPage() {
  const user = useAuthStore((state) => state.user);
  return (
    <AppShell>
      <Card className="mx-auto mt-12 max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <ShieldAlertIcon className="size-12 text-amber-500" aria-hidden />
          <h1 className="text-2xl font-bold">Unauthorized</h1>
          <p className="text-slate-600 dark:text-slate-400">
            You don&apos;t have permission to view this page.
          </p>
          <Button asChild>
            <Link to={user ? homePathFor(user.role) : '/auth'}>
              {user ? 'Back to home' : 'Go to login'}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AppShell>
  );
}
