/** Stock counts as the API answers them (issue 25): money in shillings, people by id and name. */
import { storedMoneyToNumber } from '@duka/shared/money/money';
import type {
  StockCount,
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import type { CountDetail, CountLineData, CountWithPeople } from './stock-counts.service';

export function presentStockCount(count: CountWithPeople): StockCount {
  const { row } = count;
  return {
    id: row.id,
    store_id: row.storeId,
    status: row.status,
    categories: count.categories,
    zero_uncounted: row.zeroUncounted,
    started_by: count.startedBy,
    started_at: row.startedAt.toISOString(),
    finished_by: count.finishedBy,
    finished_at: row.finishedAt?.toISOString() ?? null,
    products_in_scope: count.productsInScope,
    lines_counted: count.linesCounted,
    total_difference_value: storedMoneyToNumber(count.totalDifferenceValue),
  };
}

export function presentStockCountLine(line: CountLineData): StockCountLine {
  return {
    product_id: line.productId,
    name: line.name,
    sku: line.sku,
    unit_type: line.unitType,
    counted_quantity: line.countedQuantity,
    counted_pieces: line.countedPieces,
    expected_pieces: line.expectedPieces,
    difference_pieces: line.differencePieces,
    difference_value: storedMoneyToNumber(line.differenceValue),
    counted_by: line.countedBy,
    counted_at: line.countedAt?.toISOString() ?? null,
  };
}

export function presentStockCountDetail(count: CountDetail): StockCountDetail {
  return { ...presentStockCount(count), lines: count.lines.map(presentStockCountLine) };
}
