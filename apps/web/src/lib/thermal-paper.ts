/**
 * Thermal paper for what the shop prints — the receipt, a customer's account statement (research
 * notes §5.1): 58 mm rolls print about 48 mm (384 dots at 203 dpi), 80 mm rolls about 72 mm (576
 * dots). The choice is remembered on this device, since it belongs to the printer beside the till.
 */
import { useCallback, useState } from 'react';

export const PAPERS = {
  '58': { paperMm: 58, printMm: 48 },
  '80': { paperMm: 80, printMm: 72 },
} as const;
export type Paper = keyof typeof PAPERS;

export const PAPER_STORAGE_KEY = 'duka-receipt-paper';
export const DEFAULT_PAPER: Paper = '80';

export function isPaper(value: unknown): value is Paper {
  return typeof value === 'string' && Object.hasOwn(PAPERS, value);
}

export function readPaper(): Paper {
  try {
    const stored = localStorage.getItem(PAPER_STORAGE_KEY);
    return isPaper(stored) ? stored : DEFAULT_PAPER;
  } catch {
    return DEFAULT_PAPER;
  }
}

export function usePaper(): [Paper, (paper: Paper) => void] {
  const [paper, setPaperState] = useState<Paper>(readPaper);
  const setPaper = useCallback((next: Paper) => {
    setPaperState(next);
    try {
      localStorage.setItem(PAPER_STORAGE_KEY, next);
    } catch {
      // Unavailable storage only costs the choice on the next receipt.
    }
  }, []);
  return [paper, setPaper];
}
