/**
 * The words the generated catalogue is made of. The seeder builds every product name from them
 * in SQL, and the search scenario types their prefixes, so a search finds what a shop's would.
 */
export const BRANDS = [
  'Jogoo',
  'Pembe',
  'Soko',
  'Ajab',
  'Dola',
  'Mumias',
  'Kabras',
  'Brookside',
  'Tuzo',
  'Fresha',
  'Kimbo',
  'Elianto',
  'Golden',
  'Menengai',
  'Kasuku',
  'Ketepa',
  'Kericho',
  'Royco',
  'Tropical',
  'Highlands',
  'Delmonte',
  'Afya',
  'Sunlight',
  'Omo',
  'Ariel',
  'Toss',
  'Geisha',
  'Imperial',
  'Colgate',
  'Ushindi',
  'Nuru',
  'Safari',
  'Baraka',
  'Tembo',
  'Simba',
  'Twiga',
  'Kifaru',
  'Chui',
  'Nyati',
  'Pundamilia',
] as const;

export const GOODS = [
  'Maize Flour',
  'Wheat Flour',
  'Sugar',
  'Rice',
  'Milk',
  'Yoghurt',
  'Cooking Oil',
  'Cooking Fat',
  'Tea Leaves',
  'Coffee',
  'Salt',
  'Soap',
  'Detergent',
  'Toothpaste',
  'Biscuits',
  'Bread',
  'Margarine',
  'Juice',
  'Soda',
  'Water',
  'Beans',
  'Lentils',
  'Spaghetti',
  'Tomato Paste',
  'Spice Mix',
  'Matches',
  'Candles',
  'Tissue',
  'Sanitary Pads',
  'Diapers',
  'Lotion',
  'Petroleum Jelly',
  'Body Spray',
  'Shoe Polish',
  'Batteries',
  'Torch',
  'Exercise Book',
  'Pen',
  'Airtime Card',
  'Charcoal',
] as const;

export const SIZES = [
  '250g',
  '500g',
  '1kg',
  '2kg',
  '5kg',
  '250ml',
  '500ml',
  '1L',
  '2L',
  '5L',
] as const;

export const CATEGORIES = [
  'Unga',
  'Sukari',
  'Maziwa',
  'Mafuta',
  'Sabuni',
  'Vinywaji',
  'Biskuti',
  'Nafaka',
  'Viungo',
  'Usafi',
  'Vipodozi',
  'Vifaa',
  'Shule',
  'Watoto',
  'Mkate',
  'Chai',
] as const;

/** Product n's barcode: 13 digits under a prefix no real catalogue uses. */
export function barcodeOf(n: number): string {
  return String(6_199_000_000_000 + n);
}

/** The name of product n (1-based), as the seeder's SQL builds it. */
export function nameOf(n: number): string {
  return [
    BRANDS[n % BRANDS.length],
    GOODS[Math.floor(n / BRANDS.length) % GOODS.length],
    SIZES[Math.floor(n / (BRANDS.length * GOODS.length)) % SIZES.length],
    `No.${n}`,
  ].join(' ');
}

/** The bench store and its accounts (password: the demo password). */
export const BENCH_STORE = 'Duka Bench';
export const BENCH_MANAGER = 'bench-manager@duka.test';
export const BENCH_CASHIER = 'bench-cashier@duka.test';
/** The CSV import scenario imports into a store of its own, so the catalogue measured by the
 * other scenarios keeps its seeded size run after run. */
export const IMPORT_STORE = 'Duka Bench Imports';
export const IMPORT_MANAGER = 'bench-importer@duka.test';
