-- Issue 27: every business table carries store_id. The seven tables without it get the
-- column, filled from their parent (a transfer's is its sender's: from_store_id), then NOT NULL;
-- every line table's foreign key to its parent becomes (parent_id, store_id) → parent(id,
-- store_id), so a line can never claim another store than its parent's.
-- Hand-ordered: columns added nullable, backfilled, made NOT NULL; the parents' (id, store_id)
-- keys before the foreign keys that reference them.
ALTER TABLE "order_items" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "order_items" AS i SET "store_id" = o."store_id" FROM "orders" AS o WHERE o."id" = i."order_id";
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "purchase_order_items" AS i SET "store_id" = o."store_id" FROM "purchase_orders" AS o WHERE o."id" = i."purchase_order_id";
--> statement-breakpoint
ALTER TABLE "purchase_order_items" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "receipt_sends" AS r SET "store_id" = s."store_id" FROM "sales" AS s WHERE s."id" = r."sale_id";
--> statement-breakpoint
ALTER TABLE "receipt_sends" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "repayment_allocations" AS a SET "store_id" = r."store_id" FROM "customer_repayments" AS r WHERE r."id" = a."repayment_id";
--> statement-breakpoint
ALTER TABLE "repayment_allocations" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "stock_count_lines" AS l SET "store_id" = c."store_id" FROM "stock_counts" AS c WHERE c."id" = l."count_id";
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "stock_transfer_items" AS i SET "store_id" = t."from_store_id" FROM "stock_transfers" AS t WHERE t."id" = i."transfer_id";
--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD COLUMN "store_id" integer;
--> statement-breakpoint
UPDATE "stock_transfers" SET "store_id" = "from_store_id";
--> statement-breakpoint
ALTER TABLE "stock_transfers" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD CONSTRAINT "customer_repayments_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_id_store_unique" UNIQUE("id","store_id");
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_store_is_sender" CHECK ("stock_transfers"."store_id" = "stock_transfers"."from_store_id");
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "purchase_order_items" DROP CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "receipt_sends" DROP CONSTRAINT "receipt_sends_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "repayment_allocations" DROP CONSTRAINT "repayment_allocations_repayment_id_customer_repayments_id_fk";
--> statement-breakpoint
ALTER TABLE "repayment_allocations" DROP CONSTRAINT "repayment_allocations_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_items" DROP CONSTRAINT "sale_items_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_return_items" DROP CONSTRAINT "sale_return_items_return_id_sale_returns_id_fk";
--> statement-breakpoint
ALTER TABLE "shift_cash_movements" DROP CONSTRAINT "shift_cash_movements_shift_id_shifts_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_count_lines" DROP CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_transfer_items" DROP CONSTRAINT "stock_transfer_items_transfer_id_stock_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_store_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_sales_monthly" ADD CONSTRAINT "product_sales_monthly_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_order_store_fk" FOREIGN KEY ("purchase_order_id","store_id") REFERENCES "public"."purchase_orders"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_sale_store_fk" FOREIGN KEY ("sale_id","store_id") REFERENCES "public"."sales"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD CONSTRAINT "repayment_allocations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD CONSTRAINT "repayment_allocations_repayment_store_fk" FOREIGN KEY ("repayment_id","store_id") REFERENCES "public"."customer_repayments"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD CONSTRAINT "repayment_allocations_sale_store_fk" FOREIGN KEY ("sale_id","store_id") REFERENCES "public"."sales"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_store_fk" FOREIGN KEY ("sale_id","store_id") REFERENCES "public"."sales"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_store_fk" FOREIGN KEY ("sale_id","store_id") REFERENCES "public"."sales"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_return_store_fk" FOREIGN KEY ("return_id","store_id") REFERENCES "public"."sale_returns"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_shift_store_fk" FOREIGN KEY ("shift_id","store_id") REFERENCES "public"."shifts"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_store_fk" FOREIGN KEY ("count_id","store_id") REFERENCES "public"."stock_counts"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_transfer_store_fk" FOREIGN KEY ("transfer_id","store_id") REFERENCES "public"."stock_transfers"("id","store_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;
