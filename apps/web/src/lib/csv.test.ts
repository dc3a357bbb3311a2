import { describe, expect, it } from 'vitest';
import { csvCell, csvMoney, toCsv, UTF8_BOM } from './csv';

describe('report CSV', () => {
  it('starts with a BOM, ends lines with CRLF and quotes what must be quoted', () => {
    expect(
      toCsv(
        ['Product', 'Value'],
        [
          ['Flour, 2kg', 12.5],
          ['Say "hi"', null],
        ],
      ),
    ).toBe(`${UTF8_BOM}Product,Value\r\n"Flour, 2kg",12.5\r\n"Say ""hi""",\r\n`);
  });

  it('guards text that a spreadsheet would run as a formula, never numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+254700')).toBe("'+254700");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(csvMoney(-190))).toBe('-190.00');
    expect(csvCell('Soap')).toBe('Soap');
  });
});
