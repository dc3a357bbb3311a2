/** Every table of Duka, gathered for Drizzle and drizzle-kit. Tables live beside their module. */
export { stores } from '../modules/stores/stores.table';
export { users } from '../modules/users/users.table';
export { authAttempts, sessions } from '../modules/auth/auth.table';
export { appSettings } from '../modules/settings/app-settings.table';
export { suppliers } from '../modules/suppliers/suppliers.table';
export { categories } from '../modules/categories/categories.table';
export { products } from '../modules/products/products.table';
export { stockMovements } from '../modules/products/stock-movements.table';
export { productImages } from '../modules/products/product-images.table';
export {
  purchaseOrderItems,
  purchaseOrders,
} from '../modules/purchase-orders/purchase-orders.table';
export { productSuppliers } from '../modules/product-suppliers/product-suppliers.table';
export { customers } from '../modules/customers/customers.table';
export { receiptSends, saleItems, salePayments, sales } from '../modules/sales/sales.table';
export { receiptSettings } from '../modules/receipt-settings/receipt-settings.table';
export { orderItems, orders } from '../modules/orders/orders.table';
export { expenses } from '../modules/expenses/expenses.table';
export { loyaltyTransactions } from '../modules/customers/loyalty.table';
export {
  customerAccountEntries,
  customerRepayments,
  repaymentAllocations,
} from '../modules/customers/customer-accounts.table';
export { productSalesMonthly } from '../modules/reports/product-sales-monthly.table';
export { jobs } from '../modules/jobs/jobs.table';
export { storeWebhookSecrets, webhookEvents } from '../modules/webhooks/webhooks.table';
export { devices, syncTombstones } from '../modules/sync/sync.table';
export { mpesaPayments, storeMpesaSettings } from '../modules/payments/mpesa.table';
export { shiftCashMovements, shifts } from '../modules/shifts/shifts.table';
export { saleReturnItems, saleReturns } from '../modules/returns/returns.table';
export {
  stockTransferItems,
  stockTransfers,
} from '../modules/stock-transfers/stock-transfers.table';
export { stockCountLines, stockCounts } from '../modules/stock-counts/stock-counts.table';
export { internalBarcodeSeq } from '../modules/products/internal-barcode.table';
export {
  etimsInvoices,
  storeDocumentNumbers,
  storeEtimsSettings,
} from '../modules/etims/etims.table';
export { backups } from '../modules/system/backups.table';
