import { CopyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/**
 * A read-only address with its Copy button. The address stays selectable by hand: where the
 * clipboard is refused (no HTTPS, a browser's policy) the toast says to copy it that way.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t('common:toast.success'), description: t('mpesa.copied', { name: label }) });
    } catch {
      toast({
        variant: 'destructive',
        title: t('common:toast.error'),
        description: t('mpesa.copyFailed'),
      });
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          aria-label={t('mpesa.copyLabel', { name: label })}
          onClick={() => void copy()}
        >
          <CopyIcon aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('mpesa.copy')}</span>
        </Button>
      </div>
    </div>
  );
}
