import { LABEL_COPIES_MAX, type Label } from '@duka/shared/products/labels.schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useLabels, type LabelsSource } from '../api/get-labels';
import {
  copiesFromInput,
  LABEL_LAYOUTS,
  pagesOf,
  stickers,
  svgImageSource,
  type LabelLayout,
} from '../lib/label-layouts';
import '../lib/labels-print.css';
import { useLabelPageSize } from '../lib/use-label-page-size';
import { LabelSticker } from './label-sticker';

interface LabelsPrintDialogProps {
  /** What to print; null: closed. */
  source: LabelsSource | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 25: the labels print view. The paper (an A4 sheet or a label roll), how many of each
 * product, a preview at the printed size, and Print: the browser's print dialog with only the
 * labels on the page (labels-print.css).
 */
export function LabelsPrintDialog({ source, onOpenChange }: LabelsPrintDialogProps) {
  const { t } = useTranslation('labels');
  return (
    <Dialog open={source !== null} onOpenChange={onOpenChange}>
      <DialogContent
        data-labels-dialog
        className="max-h-[92vh] w-[calc(100%-1rem)] max-w-5xl p-4 sm:w-[calc(100%-2rem)] sm:p-6"
      >
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        {/* A new choice of products starts afresh: its own copies, its own query. */}
        {source && (
          <LabelsBody
            key={JSON.stringify(source)}
            source={source}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LabelsBody({ source, onClose }: { source: LabelsSource; onClose: () => void }) {
  const { t } = useTranslation('labels');
  const labels = useLabels(source);
  const [layout, setLayout] = useState<LabelLayout>('sheet');
  useLabelPageSize(layout);

  if (labels.isPending) {
    return (
      <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
        {t('loading')}
      </p>
    );
  }
  if (labels.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-6">
        <p className="text-red-600 dark:text-red-400">
          {translateMessage(errorMessage(labels.error, t('loadFailed')))}
        </p>
        <Button variant="outline" onClick={() => void labels.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <LabelsEditor labels={labels.data} layout={layout} onLayout={setLayout} onClose={onClose} />
  );
}

interface LabelsEditorProps {
  labels: Label[];
  layout: LabelLayout;
  onLayout: (layout: LabelLayout) => void;
  onClose: () => void;
}

function LabelsEditor({ labels, layout, onLayout, onClose }: LabelsEditorProps) {
  const { t } = useTranslation('labels');
  // What was typed in each copies field (the server's count until edited).
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const copies = useMemo(
    () => new Map([...typed].map(([id, text]) => [id, copiesFromInput(text)])),
    [typed],
  );
  // One image address per product, however many copies show it.
  const sources = useMemo(
    () =>
      new Map(labels.map((label) => [label.product_id, label.svg && svgImageSource(label.svg)])),
    [labels],
  );
  const printed = stickers(labels, copies);
  const pages = pagesOf(printed, layout);

  if (labels.length === 0) {
    return (
      <>
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('empty')}</p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('close')}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('layout')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {LABEL_LAYOUTS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-emerald-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500 dark:border-slate-700"
            >
              <input
                type="radio"
                name="labels-layout"
                value={option}
                checked={layout === option}
                onChange={() => onLayout(option)}
                className="mt-1 size-4 accent-emerald-600"
              />
              <span className="grid">
                <span className="font-medium">{t(`layouts.${option}`)}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`layouts.${option}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="labels-products" className="grid gap-2">
        <h3 id="labels-products" className="text-sm font-semibold">
          {t('products')}
        </h3>
        <ul className="grid gap-2">
          {labels.map((label) => (
            <li
              key={label.product_id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <span className="grid min-w-0 flex-1">
                <span className="font-medium break-words">{label.name}</span>
                {!label.barcode ? (
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t('noBarcode')}
                  </span>
                ) : (
                  !label.svg && (
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      {t('unreadable')}
                    </span>
                  )
                )}
              </span>
              <label className="flex items-center gap-2 text-sm">
                <span aria-hidden="true">{t('copiesShort')}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={LABEL_COPIES_MAX}
                  step={1}
                  aria-label={t('copies', { name: label.name })}
                  value={typed.get(label.product_id) ?? String(label.copies)}
                  onChange={(event) => {
                    const text = event.target.value;
                    setTyped((current) => new Map(current).set(label.product_id, text));
                  }}
                  className="h-10 w-20 rounded-md border border-slate-300 bg-white px-2 text-base dark:border-slate-600 dark:bg-slate-950"
                />
              </label>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="labels-preview" className="grid gap-2">
        <div data-labels-print-skip className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="labels-preview" className="text-sm font-semibold">
            {t('preview')}
          </h3>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {layout === 'sheet'
              ? t('summarySheet', {
                  labels: t('labelCount', { count: printed.length }),
                  pages: t('sheetCount', { count: pages.length }),
                })
              : t('summaryRoll', { labels: t('labelCount', { count: printed.length }) })}
          </p>
        </div>
        <div data-labels-print className="grid gap-3 rounded-md bg-slate-100 p-3 dark:bg-slate-800">
          {pages.map((page, pageIndex) => (
            <div key={pageIndex} className="labels-page" data-layout={layout}>
              {page.map((label, index) => (
                <LabelSticker
                  key={index}
                  label={label}
                  layout={layout}
                  barcodeSource={sources.get(label.product_id) ?? null}
                />
              ))}
            </div>
          ))}
        </div>
      </section>

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('close')}
        </Button>
        <Button onClick={() => window.print()} disabled={printed.length === 0}>
          {t('print')}
        </Button>
      </DialogFooter>
    </>
  );
}
