/** A LIKE/ILIKE pattern for "contains `text`": `%`, `_` and `\` typed by a person are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
