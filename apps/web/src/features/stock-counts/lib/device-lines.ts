/**
 * What this device has counted in a count, newest first — the counter's own list to check and
 * correct. Kept in localStorage per count, so a phone that reloads (or locks and is reopened)
 * still shows it; the count itself lives on the server.
 */
import type { UnitType } from '@duka/shared/money/units';
import { useCallback, useState } from 'react';
import type { CountProduct } from './count-product';

export interface DeviceLine {
  product: CountProduct;
  counted_quantity: number;
  unit_type: UnitType;
  counted_pieces: number;
  counted_at: string;
}

/** How many of this device's lines are kept (a long count; the server keeps them all). */
const KEEP = 200;

const storageKey = (countId: number) => `duka-count-${countId}-device-lines`;

function read(countId: number): DeviceLine[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(countId)) ?? '[]');
    return Array.isArray(stored) ? (stored as DeviceLine[]) : [];
  } catch {
    return [];
  }
}

function write(countId: number, lines: DeviceLine[]) {
  try {
    localStorage.setItem(storageKey(countId), JSON.stringify(lines));
  } catch {
    // Storage full or refused (private mode): the list lives on for this visit only.
  }
}

/** This device's lines of the count, and `record` for a new one (a product counted again moves to the top). */
export function useDeviceLines(countId: number) {
  const [lines, setLines] = useState<DeviceLine[]>(() => read(countId));
  const record = useCallback(
    (line: DeviceLine) => {
      setLines((current) => {
        const next = [
          line,
          ...current.filter((earlier) => earlier.product.id !== line.product.id),
        ].slice(0, KEEP);
        write(countId, next);
        return next;
      });
    },
    [countId],
  );
  return { lines, record };
}
