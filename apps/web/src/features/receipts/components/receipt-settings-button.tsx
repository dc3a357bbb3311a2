import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/use-can';

// The dialog's form (react-hook-form, the settings' zod schema) is fetched when the dialog is
// first asked for, not with the till or the sales page that place the button (issue 25: the
// /pos budget).
const loadDialog = () => import('./receipt-settings-dialog');
const ReceiptSettingsDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ReceiptSettingsDialog })),
);

/**
 * 'Receipt Settings', opening 'Customize Receipt' (spec §2), for the roles that may change them
 * (PRODUCT.md §1); nothing for the others. Placed by the /pos and /sales pages.
 */
export function ReceiptSettingsButton({
  storeId,
  className,
}: {
  storeId: number | null;
  className?: string;
}) {
  const { t } = useTranslation('receipts');
  const can = useCan();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it closes (and gives focus back) as before.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  if (!can('receipt-settings:update') || storeId === null) return null;
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant="outline"
        className={className}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {t('actions.settings')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReceiptSettingsDialog open={open} onOpenChange={setOpen} storeId={storeId} />
        </Suspense>
      )}
    </>
  );
}
