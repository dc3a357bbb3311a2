/** A shop's spreadsheet of `rows` products as Duka's CSV import takes it (spec §3 columns). */
const UNITS = ['piece', 'pack', 'dozen'] as const;
const CATEGORIES = ['Unga', 'Sukari', 'Maziwa', 'Mafuta', 'Sabuni', 'Vinywaji', 'Biskuti'];

/** Every SKU and barcode under `prefix`, so that a run never collides with an earlier one. */
export function buildCsv(rows: number, prefix: string): string {
  const lines = [
    'sku,name,description,barcode,category,piece_buying_price,piece_selling_price,' +
      'pack_buying_price,pack_selling_price,dozen_buying_price,dozen_selling_price,' +
      'pack_size,stock_unit,quantity,min_quantity,is_active',
  ];
  for (let i = 1; i <= rows; i += 1) {
    const cost = 20 + (i % 500);
    lines.push(
      [
        `${prefix}-${i}`,
        `"Bidhaa ${i}, ${CATEGORIES[i % CATEGORIES.length]}"`,
        `Imported line ${i}`,
        `${prefix}${i}`,
        CATEGORIES[i % CATEGORIES.length],
        cost.toFixed(2),
        (cost * 1.2).toFixed(2),
        (cost * 6).toFixed(2),
        (cost * 7).toFixed(2),
        (cost * 12).toFixed(2),
        (cost * 14).toFixed(2),
        '6',
        UNITS[i % UNITS.length],
        String(i % 50),
        '5',
        'true',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
