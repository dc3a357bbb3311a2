const changeFormat = new Intl.NumberFormat('en-KE', {
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/**
 * A stock change of `pieces`, written in units of `piecesPerUnit` pieces with its sign:
 * +24 pieces are '+24' pieces, '+2' dozen; 5 pieces sold singly are '-0.42' dozen.
 */
export function signedChange(pieces: number, piecesPerUnit: number): string {
  return changeFormat.format(pieces / piecesPerUnit);
}
