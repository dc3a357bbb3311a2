/**
 * Draws Duka's home-screen icons (the web app manifest's, issue 22) and renders them to PNG
 * with sharp, into public/icons/. The PNGs are committed: run this only when the drawing
 * changes — `npx tsx apps/web/scripts/render-icons.ts` from the repository root.
 *
 * The drawing is the favicon's (public/favicon.svg): a white "D" on the brand green.
 * - icon-192.png, icon-512.png ("any"): the rounded square, as the favicon.
 * - icon-maskable-512.png: green to every edge, the "D" smaller so it stays inside the central
 *   circle (80% of the width) that every platform's mask keeps.
 * - apple-touch-icon.png (180): iOS does not read the manifest's icons, and rounds the corners
 *   itself, so it gets the full square too.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
// The server's image library (apps/server uses it for product photos); a tool here, not a
// dependency of the web app's bundle.
import sharp from 'sharp';

const GREEN = '#047857';
const LETTER = 'M10 8h6.5a8 8 0 0 1 0 16H10z';

function drawing({ maskable }: { maskable: boolean }): string {
  const background = maskable
    ? `<rect width="32" height="32" fill="${GREEN}"/>`
    : `<rect width="32" height="32" rx="7" fill="${GREEN}"/>`;
  // Scaled about the centre: the letter's farthest corner stays within the safe circle.
  const scale = maskable ? 'translate(16 16) scale(0.72) translate(-16 -16)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<g transform="${scale}"><path d="${LETTER}" fill="none" stroke="#fff" stroke-width="3.2"/></g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const outDir = path.resolve(import.meta.dirname, '../public/icons');
await mkdir(outDir, { recursive: true });
for (const icon of ICONS) {
  const svg = Buffer.from(drawing(icon));
  // density: rasterise the 32-unit drawing at the target size, not upscaled from 32 px.
  await sharp(svg, { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file}`);
}
