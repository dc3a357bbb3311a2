import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isPaper, PAPERS, type Paper } from '../lib/paper';

/** The thermal paper in the printer: sets the printed receipt's width. */
export function PaperSelect({
  paper,
  onChange,
}: {
  paper: Paper;
  onChange: (paper: Paper) => void;
}) {
  const { t } = useTranslation('receipts');
  return (
    <div className="grid gap-1">
      <Label htmlFor="receipt-paper">{t('paper.label')}</Label>
      <NativeSelect
        id="receipt-paper"
        className="w-32"
        value={paper}
        onChange={(event) => {
          if (isPaper(event.target.value)) onChange(event.target.value);
        }}
      >
        {(Object.keys(PAPERS) as Paper[]).map((option) => (
          <option key={option} value={option}>
            {t(`paper.${option}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Spec §2 Receipt Status: the SMS and WhatsApp badges of the sends recorded, or 'Not sent'. */
export function ReceiptStatusBadges({ status }: { status: { sms: boolean; whatsapp: boolean } }) {
  const { t } = useTranslation('receipts');
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm">
      <span className="text-slate-600 dark:text-slate-300">{t('status.label')}</span>
      {status.sms && <Badge>{t('status.sms')}</Badge>}
      {status.whatsapp && <Badge>{t('status.whatsapp')}</Badge>}
      {!status.sms && !status.whatsapp && <Badge variant="secondary">{t('status.notSent')}</Badge>}
    </div>
  );
}
