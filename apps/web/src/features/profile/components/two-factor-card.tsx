import { ShieldCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';

/** PRODUCT.md §4: 2FA is a later feature; the button says so instead of pretending. */
export function TwoFactorCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Authentication</CardTitle>
        <CardDescription>Add an extra layer of security to your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <ShieldCheckIcon className="size-4" aria-hidden />
          Two-factor authentication is coming in a later release.
        </p>
        <Button
          variant="outline"
          onClick={() =>
            toast({
              title: 'Coming soon',
              description: 'Two-factor authentication is coming in a later release.',
            })
          }
        >
          Set Up 2FA
        </Button>
      </CardContent>
    </Card>
  );
}
