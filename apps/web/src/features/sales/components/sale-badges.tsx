import { CircleHelpIcon, ShieldAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { isKnownStatus, statusBadgeVariant } from '../lib/sale-status';

/** A sale's status or payment status in the colour of spec §4. */
export function SaleStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('sales');
  return (
    <Badge variant={statusBadgeVariant(status)}>
      {isKnownStatus(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

/** Spec §2 Receipt Status: an SMS and a WhatsApp badge for the sends recorded, or 'Not sent'. */
export function ReceiptSentBadges({ status }: { status: { sms: boolean; whatsapp: boolean } }) {
  const { t } = useTranslation('sales');
  if (!status.sms && !status.whatsapp) {
    return <Badge variant="secondary">{t('receipt.notSent')}</Badge>;
  }
  return (
    <span className="inline-flex flex-wrap gap-1">
      {status.sms && <Badge>{t('receipt.sms')}</Badge>}
      {status.whatsapp && <Badge>{t('receipt.whatsapp')}</Badge>}
    </span>
  );
}

/**
 * Issue 22: an offline sale the shelf could not cover, for a manager to check — said in words
 * with an icon, never by colour alone.
 */
export function NeedsReviewBadge() {
  const { t } = useTranslation('sales');
  return (
    <Badge variant="warning" className="gap-1" data-testid="needs-review-badge">
      <TriangleAlertIcon aria-hidden className="size-3" />
      {t('review.badge')}
    </Badge>
  );
}

/**
 * Issue 23: a sale paid with a typed M-Pesa code that matches no payment the store received
 * (mpesa_verified false) — for the manager to check on the M-Pesa statement. Words and an icon.
 */
export function UnverifiedBadge() {
  const { t } = useTranslation('sales');
  return (
    <Badge variant="danger" className="gap-1" data-testid="unverified-badge">
      <ShieldAlertIcon aria-hidden className="size-3" />
      {t('mpesa.unverified.badge')}
    </Badge>
  );
}

/** Issue 23: a received M-Pesa payment that paid no sale yet. */
export function UnmatchedBadge() {
  const { t } = useTranslation('sales');
  return (
    <Badge variant="warning" className="gap-1" data-testid="unmatched-badge">
      <CircleHelpIcon aria-hidden className="size-3" />
      {t('mpesa.unmatched')}
    </Badge>
  );
}
