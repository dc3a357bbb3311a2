/**
 * Photos for a few demo products (issue 6). No picture is kept in the repository or fetched:
 * each is drawn here as an SVG — a coloured packet with the product's name — rendered to PNG by
 * sharp and stored through the upload route's own path (prepareImage → addProductImages), so
 * the demo exercises the real storage. Its own file and one call in seedDemo.
 */
import sharp from 'sharp';
import type { Executor } from '../client';
import {
  addProductImages,
  prepareImage,
  type ImageWriter,
} from '../../modules/products/product-images.service';

interface DemoPhoto {
  sku: string;
  /** The packet's colour and its band's. */
  colour: string;
  band: string;
}

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  { sku: 'UNG-JOG2', colour: '#f4c430', band: '#b22222' },
  { sku: 'SUG-MUM1', colour: '#fdfdf7', band: '#1f6f3f' },
  { sku: 'MLK-BRK500', colour: '#e8f1fb', band: '#1d4f91' },
  { sku: 'OIL-FRF2', colour: '#ffd54f', band: '#2e7d32' },
  { sku: 'SOD-COK500', colour: '#c8102e', band: '#7a0a1c' },
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Two lines of at most ~14 characters each, split between words. */
function nameLines(name: string): string[] {
  const words = name.split(' ');
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1]!;
    if (current && `${current} ${word}`.length > 14 && lines.length < 3) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** A packet on a soft background, its name on the label: 800 × 800. */
export function demoPhotoSvg(name: string, photo: DemoPhoto): string {
  const lines = nameLines(name);
  // Centred on the label (y 330–540), 56 px apart; +16 puts the baseline under the middle.
  const label = lines
    .map((line, i) => {
      const y = 451 + (i - (lines.length - 1) / 2) * 56;
      return `<text x="400" y="${y}" text-anchor="middle">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="#eef2f0"/>
  <ellipse cx="400" cy="700" rx="250" ry="36" fill="#000" opacity="0.12"/>
  <path d="M190 150 Q400 100 610 150 L640 680 Q400 720 160 680 Z" fill="${photo.colour}"
    stroke="#00000033" stroke-width="6"/>
  <rect x="180" y="250" width="440" height="70" fill="${photo.band}"/>
  <rect x="175" y="560" width="450" height="60" fill="${photo.band}"/>
  <rect x="215" y="330" width="370" height="210" rx="24" fill="#ffffff" opacity="0.92"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44"
    font-weight="bold" fill="#1b1b1b">${label}</g>
</svg>`;
}

/** Draws and stores the demo photos of the products of `productIds` (by SKU) that have one. */
export async function seedDemoPhotos(
  tx: Executor,
  writer: ImageWriter,
  storeId: number,
  products: ReadonlyMap<string, { id: number; name: string }>,
): Promise<void> {
  for (const photo of DEMO_PHOTOS) {
    const product = products.get(photo.sku);
    if (!product) continue;
    const png = await sharp(Buffer.from(demoPhotoSvg(product.name, photo)))
      .png()
      .toBuffer();
    await addProductImages(tx, writer, storeId, product.id, [await prepareImage(png)]);
  }
}
