CREATE SEQUENCE "public"."internal_barcode_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"count_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"unit_type" text NOT NULL,
	"counted_quantity" integer NOT NULL,
	"counted_pieces" integer NOT NULL,
	"expected_pieces" integer NOT NULL,
	"difference_pieces" integer,
	"difference_value" numeric(16, 2),
	"counted_by" integer,
	"counted_at" timestamp with time zone,
	CONSTRAINT "stock_count_lines_count_id_product_id_pk" PRIMARY KEY("count_id","product_id"),
	CONSTRAINT "stock_count_lines_counted_not_negative" CHECK ("stock_count_lines"."counted_pieces" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"category_ids" integer[],
	"zero_uncounted" boolean DEFAULT false NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_by" integer,
	"finished_at" timestamp with time zone,
	"total_difference_value" numeric(16, 2),
	CONSTRAINT "stock_counts_status_valid" CHECK ("stock_counts"."status" in ('open', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"product_id" integer,
	"to_product_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_type" text NOT NULL,
	"pieces" integer NOT NULL,
	"received_quantity" integer,
	"received_pieces" integer,
	"difference_pieces" integer,
	"piece_buying_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_transfer_items_quantity_positive" CHECK ("stock_transfer_items"."quantity" > 0),
	CONSTRAINT "stock_transfer_items_pieces_positive" CHECK ("stock_transfer_items"."pieces" > 0),
	CONSTRAINT "stock_transfer_items_received_not_negative" CHECK ("stock_transfer_items"."received_pieces" is null or "stock_transfer_items"."received_pieces" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_store_id" integer NOT NULL,
	"to_store_id" integer NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_two_stores" CHECK ("stock_transfers"."from_store_id" <> "stock_transfers"."to_store_id"),
	CONSTRAINT "stock_transfers_status_valid" CHECK ("stock_transfers"."status" in ('in_transit', 'received', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_valid";--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_to_product_id_products_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_store_id_stores_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_one_open_per_store" ON "stock_counts" USING btree ("store_id") WHERE "stock_counts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "stock_counts_store_started_idx" ON "stock_counts" USING btree ("store_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_items_product_unique" ON "stock_transfer_items" USING btree ("transfer_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_store_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_store_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_valid" CHECK ("stock_movements"."reason" in ('initial', 'adjustment', 'import', 'purchase_order', 'sale', 'order', 'return', 'transfer_out', 'transfer_in', 'transfer_cancel', 'count'));