/**
 * The 'Send stock' form's rules, apart from the components so each reads and tests on its own:
 * a product is listed once, in the units it has (the piece; its pack when a pack holds more than
 * one; the dozen), each line's quantity becomes pieces at the product's pack size, a line may
 * not send more than the shelf holds, and the shared schema checks the rest before anything is
 * sent (the server checks it again).
 */
import { toPieces, type UnitType } from '@duka/shared/money/units';
import type { Product } from '@duka/shared/products/products.schemas';
import {
  createStockTransferSchema,
  type CreateStockTransferInput,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { ApiRequestError } from '@/lib/api-client';

/** What the form reads of a product of the sending store. */
export type TransferProduct = Pick<
  Product,
  'id' | 'name' | 'sku' | 'barcode' | 'pack_size' | 'stock_unit' | 'stock_pieces'
>;

export interface DraftLine {
  product: TransferProduct;
  unit_type: UnitType;
  /** As typed: a number only once it is sent. */
  quantity: string;
}

export interface SendDraft {
  to_store_id: string;
  note: string;
  lines: DraftLine[];
}

/** English messages by field path ('to_store_id', 'items.0.quantity'), as the schema words them. */
export type SendErrors = Record<string, string>;

export const emptySendDraft = (): SendDraft => ({ to_store_id: '', note: '', lines: [] });

/** The units a product can be counted out in: a pack only when it holds more than one piece. */
export function unitsFor(product: Pick<TransferProduct, 'pack_size'>): UnitType[] {
  return product.pack_size > 1 ? ['piece', 'pack', 'dozen'] : ['piece', 'dozen'];
}

/** A new line starts at one of the product's stock unit (a piece when that unit is not offered). */
export function lineFor(product: TransferProduct): DraftLine {
  const units = unitsFor(product);
  return {
    product,
    unit_type: units.includes(product.stock_unit) ? product.stock_unit : 'piece',
    quantity: '1',
  };
}

export function isListed(lines: readonly DraftLine[], productId: number): boolean {
  return lines.some((line) => line.product.id === productId);
}

/**
 * Adds a product at the end; a product already listed gets one more of its line's unit — a
 * second scan of the same box means one more, as at the till. A quantity not yet a whole
 * number is left for the person to finish (null).
 */
export function addProduct(
  lines: readonly DraftLine[],
  product: TransferProduct,
): DraftLine[] | null {
  if (!isListed(lines, product.id)) return [...lines, lineFor(product)];
  let changed = false;
  const next = lines.map((line) => {
    if (line.product.id !== product.id) return line;
    const quantity = wholeNumber(line.quantity);
    if (quantity === null) return line;
    changed = true;
    return { ...line, quantity: String(quantity + 1) };
  });
  return changed ? next : null;
}

/** The whole number typed, or null for anything else ('', '1.5', '-2', '2e3'). */
export function wholeNumber(text: string): number | null {
  const value = text.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** A line in pieces (a pack at the product's pack size), or null until its quantity is whole. */
export function linePieces(line: DraftLine): number | null {
  const quantity = wholeNumber(line.quantity);
  return quantity === null ? null : toPieces(quantity, line.unit_type, line.product.pack_size);
}

/** Every line's pieces added up (lines not yet whole count nothing). */
export function totalPieces(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, line) => sum + (linePieces(line) ?? 0), 0);
}

/**
 * The pieces on the shelf when a line asks for more than that, else null: the shelf as the
 * search found it — the server has the last word (409 'Insufficient stock for …').
 */
export function shortOnShelf(line: DraftLine): number | null {
  const pieces = linePieces(line);
  if (pieces === null) return null;
  const onShelf = Math.max(0, line.product.stock_pieces);
  return pieces > onShelf ? onShelf : null;
}

/** The request body. A quantity that is not a number goes as NaN, which the schema words. */
export function toPayload(draft: SendDraft): CreateStockTransferInput {
  const note = draft.note.trim();
  return {
    to_store_id: draft.to_store_id === '' ? Number.NaN : Number(draft.to_store_id),
    items: draft.lines.map((line) => ({
      product_id: line.product.id,
      quantity: wholeNumber(line.quantity) ?? Number(line.quantity.trim() || Number.NaN),
      unit_type: line.unit_type,
    })),
    ...(note === '' ? {} : { note }),
  };
}

/** The shared schema's first message per field, under the form's paths. */
export function validateSend(draft: SendDraft): SendErrors {
  const result = createStockTransferSchema.safeParse(toPayload(draft));
  const errors: SendErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Whether the form may be sent: a destination, a line, and no line beyond the shelf. */
export function canSend(draft: SendDraft): boolean {
  return (
    draft.to_store_id !== '' &&
    draft.lines.length > 0 &&
    draft.lines.every((line) => shortOnShelf(line) === null)
  );
}

/** The server's field messages ('body.items.0.quantity', 'body/to_store_id') under the form's paths. */
export function serverErrors(error: unknown): SendErrors {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(
    error.errors.map((field) => [
      field.path.replace(/^body[./]/, '').replace(/\//g, '.'),
      field.message,
    ]),
  );
}

/**
 * The product's code an Enter adds at once (a scanner types it and presses Enter): the first
 * search result when its barcode or SKU is exactly what was typed, case aside — as at the till.
 */
export function exactMatch<P extends Pick<TransferProduct, 'barcode' | 'sku'>>(
  results: readonly P[],
  text: string,
): P | null {
  const wanted = text.trim().toLowerCase();
  const first = results[0];
  if (!wanted || !first) return null;
  const matches = [first.barcode, first.sku].some((code) => code?.trim().toLowerCase() === wanted);
  return matches ? first : null;
}
