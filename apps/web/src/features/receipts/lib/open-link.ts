/** Where a receipt send goes next (PRODUCT.md §4); one module, so tests can watch it. */

/** The wa.me chat in a new tab, without giving it a handle on this one. */
export function openInNewTab(link: string): void {
  window.open(link, '_blank', 'noopener');
}

/** An sms: link hands over to the phone's messaging app; the till stays where it is. */
export function openSmsApp(link: string): void {
  window.location.href = link;
}
