import { ProductImportExport } from './product-import-export';

/** Replaced by the tab's feature work (issue 6); for now the CSV import and export toolbar. */
export function ProductsTab() {
  return <ProductImportExport />;
}
