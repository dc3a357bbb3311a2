/**
 * A barcode drawn as SVG by bwip-js (Barcode Writer in Pure PostScript, translated to
 * JavaScript): EAN-13 for a valid EAN-13, Code 128 for anything else (labels.schemas
 * labelSymbology). The digits under the bars are drawn as paths, so the SVG holds no text of
 * the product's and is safe to show as an image.
 */
import { labelSymbology, type LabelSymbology } from '@duka/shared/products/labels.schemas';
// The Node build by its subpath: the package's root export has no condition TypeScript's
// bundler resolution reads.
import bwipjs from 'bwip-js/node';

/** Bars 10 mm high at 2 px a module: sharp on a 203 dpi label printer and on A4 alike. */
const DRAWING = { scale: 2, height: 10, includetext: true, textxalign: 'center' } as const;

export interface DrawnBarcode {
  symbology: LabelSymbology;
  /** null when bwip-js cannot encode the code (a character Code 128 has no place for…). */
  svg: string | null;
}

/**
 * What a scanner reads back as typed: printable ASCII. Code 128 reaches further (Latin-1 through
 * FNC4) but few scanners decode it, and a label that scans as another code is worse than none.
 */
const SCANNABLE = /^[\x20-\x7e]+$/;

export function drawBarcode(barcode: string): DrawnBarcode {
  const symbology = labelSymbology(barcode);
  if (!SCANNABLE.test(barcode)) return { symbology, svg: null };
  try {
    return { symbology, svg: bwipjs.toSVG({ bcid: symbology, text: barcode, ...DRAWING }) };
  } catch {
    // A code the symbology cannot carry prints as a label without bars, never a failed page.
    return { symbology, svg: null };
  }
}
