import {
  IMPORT_MAX_CHARS,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportPreviewRow,
  type ProductImportResult,
} from '@duka/shared/products/products-csv.schemas';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { useId, useState, type ChangeEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { importTemplateHref, productsExportHref, useImportProducts } from '../api/import-products';
import { toastFailure } from '@/lib/failure-toast';

/** Problems listed in the dialog; a file wrong on every line says how many more there are. */
const ERRORS_SHOWN = 50;

/** A link whose URL is worked out when it is followed (a super_admin may change store). */
const refreshHref = (href: () => string) => (event: MouseEvent<HTMLAnchorElement>) => {
  event.currentTarget.href = href();
};

/**
 * The products tab's "Import" and "Export" buttons (issue 6). Import opens a dialog: choose a
 * CSV file, see what it would create and update and every problem with its line, then import
 * it all at once — the button stays disabled while the file has any problem. Export downloads
 * the store's products as CSV.
 */
export function ProductImportExport() {
  const { t } = useTranslation('products');
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden="true" />
        {t('csv.import')}
      </Button>
      <Button variant="outline" asChild>
        <a href={productsExportHref()} download onClick={refreshHref(productsExportHref)}>
          <DownloadIcon aria-hidden="true" />
          {t('csv.export')}
        </a>
      </Button>
      <ProductImportDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

interface ProductImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ProductImportDialog({ open, onOpenChange }: ProductImportDialogProps) {
  const { t } = useTranslation(['products', 'common']);
  const fileId = useId();
  const importProducts = useImportProducts();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setCsv(null);
      setResult(null);
      setFileError(null);
      importProducts.reset();
    }
    onOpenChange(next);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setCsv(null);
    setResult(null);
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_CHARS) {
      setFileError(translateMessage(IMPORT_MESSAGES.tooLarge));
      return;
    }
    try {
      const text = await file.text();
      const preview = await importProducts.mutateAsync({ csv: text, commit: false });
      setCsv(text);
      setResult(preview);
    } catch (error) {
      setFileError(translateMessage(errorMessage(error, t('csv.previewFailed'))));
    }
  };

  const commit = async () => {
    if (csv === null || !result) return;
    try {
      const done = await importProducts.mutateAsync({ csv, commit: true });
      toast({
        title: t('common:toast.success'),
        description: t('csv.imported', {
          count: done.created + done.updated,
          created: done.created,
          updated: done.updated,
        }),
      });
      close(false);
    } catch (error) {
      toastFailure(error, t('csv.importFailed'));
    }
  };

  const ready = csv !== null && result !== null && result.errors.length === 0;
  const count = result ? result.created + result.updated : 0;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('csv.title')}</DialogTitle>
          <DialogDescription>{t('csv.description')}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t('csv.file')}</Label>
          <Input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event)}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
          />
          <a
            className="text-sm font-medium text-emerald-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none dark:text-emerald-400"
            href={importTemplateHref()}
            download
            onClick={refreshHref(importTemplateHref)}
          >
            {t('csv.template')}
          </a>
        </div>

        <div aria-live="polite" className="grid gap-4">
          {importProducts.isPending && !result && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('csv.reading')}</p>
          )}
          {fileError && (
            <p id={`${fileId}-error`} className="text-sm text-red-700 dark:text-red-400">
              {fileError}
            </p>
          )}
          {result && <ImportSummary result={result} />}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="button"
            disabled={!ready || importProducts.isPending}
            onClick={() => void commit()}
          >
            {t('csv.submit', { count })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ProductImportResult }) {
  const { t } = useTranslation('products');
  const previewColumns: ResponsiveColumn<ImportPreviewRow>[] = [
    { id: 'row', header: t('csv.line'), cell: (row) => row.row, className: 'w-16' },
    { id: 'sku', header: t('csv.sku'), cell: (row) => row.sku },
    { id: 'name', header: t('csv.name'), cell: (row) => row.name, primary: true },
    {
      id: 'action',
      header: t('csv.action'),
      cell: (row) => (
        <Badge variant={row.action === 'create' ? 'default' : 'secondary'}>
          {row.action === 'create' ? t('csv.create') : t('csv.update')}
        </Badge>
      ),
    },
  ];
  const errorColumns: ResponsiveColumn<ImportError>[] = [
    { id: 'row', header: t('csv.line'), cell: (error) => error.row, className: 'w-16' },
    { id: 'field', header: t('csv.column'), cell: (error) => error.field ?? t('csv.wholeLine') },
    {
      id: 'message',
      header: t('csv.problem'),
      cell: (error) => translateMessage(error.message),
      primary: true,
    },
  ];
  return (
    <>
      <p className="text-sm">
        {t('csv.summary', {
          total: result.total,
          created: result.created,
          updated: result.updated,
        })}{' '}
        {result.errors.length > 0 ? (
          <strong className="font-semibold text-red-700 dark:text-red-400">
            {t('csv.errorCount', { count: result.errors.length })}
          </strong>
        ) : (
          t('csv.noErrors')
        )}
      </p>
      {result.errors.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('csv.errorsLabel')}</h3>
          <ResponsiveTable
            label={t('csv.errorsLabel')}
            rows={result.errors.slice(0, ERRORS_SHOWN)}
            columns={errorColumns}
            rowKey={(error) => `${error.row}:${error.field ?? ''}:${error.message}`}
          />
          {result.errors.length > ERRORS_SHOWN && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('csv.moreErrors', { count: result.errors.length - ERRORS_SHOWN })}
            </p>
          )}
        </section>
      )}
      {result.preview.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('csv.previewLabel')}</h3>
          <ResponsiveTable
            label={t('csv.previewLabel')}
            rows={result.preview}
            columns={previewColumns}
            rowKey={(row) => row.row}
          />
        </section>
      )}
    </>
  );
}
