ALTER TABLE "sale_items" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sale_items" SET "store_id" = "sales"."store_id", "sold_at" = "sales"."created_at" FROM "sales" WHERE "sales"."id" = "sale_items"."sale_id";--> statement-breakpoint
ALTER TABLE "sale_items" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ALTER COLUMN "sold_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sale_items_store_sold_idx" ON "sale_items" USING btree ("store_id","sold_at");--> statement-breakpoint
CREATE INDEX "sales_store_cancelled_idx" ON "sales" USING btree ("store_id","created_at") WHERE "sales"."status" = 'cancelled';
