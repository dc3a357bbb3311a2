CREATE TABLE "sale_return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"sale_item_id" integer NOT NULL,
	"product_id" integer,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"pieces" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"buying_value" numeric(12, 2) NOT NULL,
	"restock" boolean NOT NULL,
	"returned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sale_return_items_quantity_positive" CHECK ("sale_return_items"."quantity" > 0),
	CONSTRAINT "sale_return_items_pieces_not_negative" CHECK ("sale_return_items"."pieces" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"customer_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"buying_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refund_method" text NOT NULL,
	"mpesa_code" text,
	"reason" text NOT NULL,
	"points_reversed" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"shift_id" integer,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_amount_not_negative" CHECK ("sale_returns"."amount" >= 0),
	CONSTRAINT "sale_returns_refund_method_valid" CHECK ("sale_returns"."refund_method" in ('cash', 'mpesa', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "shift_cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"expense_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_cash_movements_type_valid" CHECK ("shift_cash_movements"."type" in ('pay_in', 'pay_out')),
	CONSTRAINT "shift_cash_movements_amount_positive" CHECK ("shift_cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer,
	"opening_float" numeric(12, 2) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"expected_cash" numeric(14, 2),
	"counted_cash" numeric(12, 2),
	"difference" numeric(14, 2),
	"denominations" jsonb,
	"figures" jsonb,
	"note" text,
	CONSTRAINT "shifts_opening_float_not_negative" CHECK ("shifts"."opening_float" >= 0),
	CONSTRAINT "shifts_closed_has_count" CHECK ("shifts"."closed_at" is null or ("shifts"."counted_cash" is not null and "shifts"."expected_cash" is not null))
);
--> statement-breakpoint
ALTER TABLE "customer_account_entries" DROP CONSTRAINT "customer_account_entries_type_valid";--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_kind";--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_sign";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_valid";--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "returned_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "require_shift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_sale_item_id_sale_items_id_fk" FOREIGN KEY ("sale_item_id") REFERENCES "public"."sale_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_return_items_return_idx" ON "sale_return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "sale_return_items_sale_item_idx" ON "sale_return_items" USING btree ("sale_item_id");--> statement-breakpoint
CREATE INDEX "sale_return_items_store_returned_idx" ON "sale_return_items" USING btree ("store_id","returned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_store_idempotency_key_unique" ON "sale_returns" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_returns_store_created_idx" ON "sale_returns" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_returns_shift_idx" ON "sale_returns" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_cash_movements_shift_idx" ON "shift_cash_movements" USING btree ("shift_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_person" ON "shifts" USING btree ("store_id","user_id") WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_store_opened_idx" ON "shifts" USING btree ("store_id","opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shifts_person_opened_idx" ON "shifts" USING btree ("store_id","user_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD CONSTRAINT "customer_repayments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_shift_idx" ON "sales" USING btree ("shift_id") WHERE "sales"."shift_id" is not null;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_type_valid" CHECK ("customer_account_entries"."type" in ('credit_sale', 'repayment', 'refund'));--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_kind" CHECK ("loyalty_transactions"."kind" in ('earn', 'add', 'redeem', 'return'));--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_sign" CHECK (("loyalty_transactions"."kind" in ('redeem', 'return') and "loyalty_transactions"."points" < 0) or ("loyalty_transactions"."kind" not in ('redeem', 'return') and "loyalty_transactions"."points" > 0));--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_returned_quantity_range" CHECK ("sale_items"."returned_quantity" between 0 and "sale_items"."quantity");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_valid" CHECK ("stock_movements"."reason" in ('initial', 'adjustment', 'import', 'purchase_order', 'sale', 'order', 'return'));