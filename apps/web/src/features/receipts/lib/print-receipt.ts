/**
 * Printing the receipt through the browser's print dialog (Print / Save PDF). The print
 * stylesheet (receipt-print.css) shows only the receipt; this adds what CSS cannot know in
 * advance: the page size — the paper's width by the receipt's own length, so a thermal printer
 * feeds no blank paper (`@page size` has no "auto" height) — and the document title, which
 * "Save as PDF" proposes as the file name ('Receipt_{id}', spec §2). Both are put back after.
 */
import { PAPERS, type Paper } from './paper';

const PAGE_STYLE_ID = 'receipt-page-size';
const MM_PER_PX = 25.4 / 96;
/** Never shorter than this, so a short receipt still tears off cleanly. */
const MIN_HEIGHT_MM = 80;

/** The receipt's height in print layout, in mm, measured with the print class applied. */
function printedHeightMm(receipt: HTMLElement): number {
  receipt.classList.add('receipt-measuring');
  const height = receipt.getBoundingClientRect().height;
  receipt.classList.remove('receipt-measuring');
  return Math.max(MIN_HEIGHT_MM, Math.ceil(height * MM_PER_PX) + 10);
}

let restoreTitle: string | null = null;

/**
 * Title, page size and paper styles for printing `receipt`; idempotent until
 * {@link finishReceiptPrint}.
 */
export function prepareReceiptPrint(receipt: HTMLElement, saleId: number, paper: Paper): void {
  if (restoreTitle === null) restoreTitle = document.title;
  document.title = `Receipt_${saleId}`;
  let style = document.getElementById(PAGE_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    document.head.append(style);
  }
  const { paperMm } = PAPERS[paper];
  style.textContent = `@page { size: ${paperMm}mm ${printedHeightMm(receipt)}mm; margin: 0; }`;
  receipt.classList.add('receipt-paper');
}

/** Puts back the title and the screen look (afterprint, or the dialog closing). */
export function finishReceiptPrint(): void {
  if (restoreTitle !== null) document.title = restoreTitle;
  restoreTitle = null;
  document.getElementById(PAGE_STYLE_ID)?.remove();
  for (const receipt of document.querySelectorAll('.receipt-paper')) {
    receipt.classList.remove('receipt-paper');
  }
}
