/**
 * Scanner and keyboard first (issue 20): after an add, a sale or any dialog of the till closes,
 * the search box has the focus again, so the next scan lands in it.
 */
export const TILL_SEARCH_ID = 'pos-search';

/** A dialog's onCloseAutoFocus: focus the till's search box instead of the dialog's opener. */
export function focusTillSearch(event?: Event): void {
  const search = document.getElementById(TILL_SEARCH_ID);
  if (!search) return;
  event?.preventDefault();
  search.focus({ preventScroll: true });
}
