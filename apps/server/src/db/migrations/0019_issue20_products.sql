ALTER TABLE "purchase_orders" DROP CONSTRAINT "purchase_orders_status_valid";--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "adjustment_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_received_within_ordered" CHECK ("purchase_order_items"."received_quantity" between 0 and "purchase_order_items"."quantity");--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_valid" CHECK ("purchase_orders"."status" in ('pending', 'approved', 'rejected', 'completed', 'partially_received', 'received'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_adjustment_reason_valid" CHECK ("stock_movements"."adjustment_reason" is null or ("stock_movements"."reason" = 'adjustment' and "stock_movements"."adjustment_reason" in ('count', 'damage', 'theft', 'correction')));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_archived_inactive" CHECK ("users"."archived_at" is null or not "users"."is_active");--> statement-breakpoint
-- Orders received before deliveries could come in part arrived whole.
UPDATE "purchase_order_items" SET "received_quantity" = "quantity"
WHERE "purchase_order_id" IN (SELECT "id" FROM "purchase_orders" WHERE "status" = 'received');
