/** Replaced by the tab's feature work (issue 6). */
export function ProductsTab() {
  return null;
}
