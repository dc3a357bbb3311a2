/**
 * Printing a slip — a receipt, a customer's account statement — through the browser's print
 * dialog (Print / Save PDF). The print stylesheet (thermal-print.css) shows only the slip; this
 * adds what CSS cannot know in advance: the page size — the paper's width by the slip's own
 * length, so a thermal printer feeds no blank paper (`@page size` has no "auto" height) — and
 * the document title, which "Save as PDF" proposes as the file name. Both are put back after.
 *
 * The slip is the element given; the dialog holding it carries `data-receipt-dialog`.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { PAPERS, type Paper } from './thermal-paper';
import './thermal-print.css';

const PAGE_STYLE_ID = 'receipt-page-size';
const MM_PER_PX = 25.4 / 96;
/** Never shorter than this, so a short slip still tears off cleanly. */
const MIN_HEIGHT_MM = 80;

/** The slip's height in print layout, in mm, measured with the print class applied. */
function printedHeightMm(slip: HTMLElement): number {
  slip.classList.add('receipt-measuring');
  const height = slip.getBoundingClientRect().height;
  slip.classList.remove('receipt-measuring');
  return Math.max(MIN_HEIGHT_MM, Math.ceil(height * MM_PER_PX) + 10);
}

let restoreTitle: string | null = null;

/** Title, page size and paper styles for printing `slip`; idempotent until {@link finishPaperPrint}. */
export function preparePaperPrint(slip: HTMLElement, title: string, paper: Paper): void {
  if (restoreTitle === null) restoreTitle = document.title;
  document.title = title;
  let style = document.getElementById(PAGE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.append(style);
  }
  const { paperMm } = PAPERS[paper];
  style.textContent = `@page { size: ${paperMm}mm ${printedHeightMm(slip)}mm; margin: 0; }`;
  slip.classList.add('receipt-paper');
}

/** Puts back the title and the screen look (afterprint, or the dialog closing). */
export function finishPaperPrint(): void {
  if (restoreTitle !== null) document.title = restoreTitle;
  restoreTitle = null;
  document.getElementById(PAGE_STYLE_ID)?.remove();
  for (const slip of document.querySelectorAll('.receipt-paper')) {
    slip.classList.remove('receipt-paper');
  }
}

/**
 * Print / Save PDF for the slip in `slipRef`: the returned function prepares the page and opens
 * the browser's print dialog. Ctrl+P while the slip is open prints the same (beforeprint);
 * afterprint puts everything back.
 */
export function usePaperPrint(
  slipRef: RefObject<HTMLElement | null>,
  title: string,
  paper: Paper,
): () => void {
  useEffect(() => {
    const handleBeforePrint = () => {
      if (slipRef.current) preparePaperPrint(slipRef.current, title, paper);
    };
    const handleAfterPrint = () => finishPaperPrint();
    window.addEventListener('beforeprint', handleBeforePrint);
    window.addEventListener('afterprint', handleAfterPrint);
    return () => {
      window.removeEventListener('beforeprint', handleBeforePrint);
      window.removeEventListener('afterprint', handleAfterPrint);
      finishPaperPrint();
    };
  }, [slipRef, title, paper]);

  return useCallback(() => {
    if (!slipRef.current) return;
    preparePaperPrint(slipRef.current, title, paper);
    window.print();
  }, [slipRef, title, paper]);
}
