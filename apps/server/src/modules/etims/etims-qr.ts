/**
 * The KRA QR code of a signed invoice (issue 26, research notes §3.6): KRA's receipt page for
 * the store's PIN, branch and the invoice's signature, drawn as SVG by bwip-js (as the product
 * labels' barcodes are, barcode-svg.ts), at BWIPP's default error correction, M: it still
 * scans from a thermal print with a smudge.
 */
// The Node build by its subpath: the package's root export has no condition TypeScript's
// bundler resolution reads.
import bwipjs from 'bwip-js/node';

export function drawQr(text: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text, scale: 3 });
}
