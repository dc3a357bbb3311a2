/** Where a receipt send goes next (PRODUCT.md §4): the app's link opening, shared with reminders. */
export * from '@/lib/open-link';
