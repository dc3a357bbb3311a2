import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';

/** PRODUCT.md §4: 2FA is a later feature; the button says so instead of pretending. */
export function TwoFactorCard() {
  const { t } = useTranslation('profile');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('twoFactor.title')}</CardTitle>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <ShieldCheckIcon className="size-4" aria-hidden />
          {t('twoFactor.later')}
        </p>
        <Button
          variant="outline"
          onClick={() =>
            toast({ title: t('twoFactor.comingSoon'), description: t('twoFactor.later') })
          }
        >
          {t('twoFactor.setUp')}
        </Button>
      </CardContent>
    </Card>
  );
}
