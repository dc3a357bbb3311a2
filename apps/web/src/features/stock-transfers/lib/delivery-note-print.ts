/**
 * Printing a transfer's delivery note through the browser's print dialog (Print / Save PDF), the
 * receipts' way (lib/thermal-print.ts): a print stylesheet shows the note alone, and what CSS
 * cannot know in advance is set while it prints — the document title ("Save as PDF" proposes it
 * as the file name) and the page (A4 with margins: a note is signed on paper, not a till slip).
 * The note is a child of <body> of its own (a portal), so no dialog's layout crops it.
 */
import { useCallback, useEffect } from 'react';
import './delivery-note.css';

export const PRINTING_CLASS = 'delivery-note-printing';
const PAGE_STYLE_ID = 'delivery-note-page';

let restoreTitle: string | null = null;

export function prepareNotePrint(title: string): void {
  if (restoreTitle === null) restoreTitle = document.title;
  document.title = title;
  if (!document.getElementById(PAGE_STYLE_ID)) {
    const style = document.createElement('style');
    style.id = PAGE_STYLE_ID;
    style.textContent = '@page { size: A4; margin: 15mm; }';
    document.head.append(style);
  }
  document.body.classList.add(PRINTING_CLASS);
}

export function finishNotePrint(): void {
  if (restoreTitle !== null) document.title = restoreTitle;
  restoreTitle = null;
  document.getElementById(PAGE_STYLE_ID)?.remove();
  document.body.classList.remove(PRINTING_CLASS);
}

/**
 * Print for the note shown while this is mounted: the returned function prepares the page and
 * opens the print dialog; Ctrl+P prints the same (beforeprint), afterprint puts it all back.
 */
export function useNotePrint(title: string): () => void {
  useEffect(() => {
    const handleBeforePrint = () => prepareNotePrint(title);
    const handleAfterPrint = () => finishNotePrint();
    window.addEventListener('beforeprint', handleBeforePrint);
    window.addEventListener('afterprint', handleAfterPrint);
    return () => {
      window.removeEventListener('beforeprint', handleBeforePrint);
      window.removeEventListener('afterprint', handleAfterPrint);
      finishNotePrint();
    };
  }, [title]);

  return useCallback(() => {
    prepareNotePrint(title);
    window.print();
  }, [title]);
}
