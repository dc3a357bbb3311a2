/** How a difference in pieces is told: short, over or none (received − sent, in pieces). */
export type DifferenceWords =
  { key: 'none' } | { key: 'shortOne' | 'overOne' } | { key: 'short' | 'over'; count: number };

export function differenceWords(pieces: number): DifferenceWords {
  if (pieces === 0) return { key: 'none' };
  const count = Math.abs(pieces);
  if (pieces < 0) return count === 1 ? { key: 'shortOne' } : { key: 'short', count };
  return count === 1 ? { key: 'overOne' } : { key: 'over', count };
}
