/**
 * The two ways labels come off a printer (issue 25; decisions/0016 "Labels and internal
 * barcodes"): an A4 sheet of 24 stickers (3 × 8 of 70 × 37 mm, the common office label sheet,
 * no margins) or a label printer's roll, one 50 × 30 mm label a page.
 */
import { LABEL_COPIES_MAX, type Label } from '@duka/shared/products/labels.schemas';

export const LABEL_LAYOUTS = ['sheet', 'roll'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export interface LayoutSize {
  /** One label, in mm. */
  labelMm: { width: number; height: number };
  /** The printed page, in mm (`@page size`). */
  pageMm: { width: number; height: number };
  /** Labels on one page. */
  perPage: number;
}

export const LAYOUT_SIZES: Record<LabelLayout, LayoutSize> = {
  sheet: { labelMm: { width: 70, height: 37 }, pageMm: { width: 210, height: 297 }, perPage: 24 },
  roll: { labelMm: { width: 50, height: 30 }, pageMm: { width: 50, height: 30 }, perPage: 1 },
};

/** A copies field's text as a count: whole, 0 to LABEL_COPIES_MAX (0 leaves the product out). */
export function copiesFromInput(text: string): number {
  const value = Number.parseInt(text, 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, LABEL_COPIES_MAX);
}

/** Every sticker to print, in order: each label repeated by its copies. */
export function stickers(labels: readonly Label[], copies: ReadonlyMap<number, number>): Label[] {
  return labels.flatMap((label) =>
    Array.from({ length: copies.get(label.product_id) ?? label.copies }, () => label),
  );
}

/** The stickers cut into printed pages of the layout. */
export function pagesOf<T>(items: readonly T[], layout: LabelLayout): T[][] {
  const { perPage } = LAYOUT_SIZES[layout];
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) {
    pages.push(items.slice(start, start + perPage));
  }
  return pages;
}

/** The server's SVG as an image address: drawn by an <img>, it can run nothing. */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
