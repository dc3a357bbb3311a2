CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"notes" text,
	"is_walk_in" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"channel" text NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"thank_you_message" text DEFAULT '' NOT NULL,
	"show_logo" boolean DEFAULT true NOT NULL,
	"kra_pin" text DEFAULT '' NOT NULL,
	"mpesa_till" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"product_sku" text NOT NULL,
	"unit_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"pieces" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"buying_price" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	CONSTRAINT "sale_items_quantity_positive" CHECK ("sale_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"subtotal" numeric(12, 2) NOT NULL,
	"delivery_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"payment_status" text DEFAULT 'paid' NOT NULL,
	"amount_paid" numeric(12, 2) NOT NULL,
	"change_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"mpesa_code" text,
	"idempotency_key" text,
	"receipt_sms_at" timestamp with time zone,
	"receipt_whatsapp_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_payment_method_valid" CHECK ("sales"."payment_method" in ('cash', 'mpesa')),
	CONSTRAINT "sales_total_not_negative" CHECK ("sales"."total_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_store_idx" ON "customers" USING btree ("store_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_one_walk_in_per_store" ON "customers" USING btree ("store_id") WHERE "customers"."is_walk_in";--> statement-breakpoint
CREATE INDEX "receipt_sends_sale_idx" ON "receipt_sends" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_items_product_idx" ON "sale_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_store_created_idx" ON "sales" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_store_idempotency_key_unique" ON "sales" USING btree ("store_id","idempotency_key");--> statement-breakpoint
INSERT INTO "customers" ("store_id", "name", "is_walk_in") SELECT "id", 'Walk-in Customer', true FROM "stores";
--> statement-breakpoint
CREATE FUNCTION "add_walk_in_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customers" ("store_id", "name", "is_walk_in") VALUES (NEW."id", 'Walk-in Customer', true);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_add_walk_in_customer" AFTER INSERT ON "stores" FOR EACH ROW EXECUTE FUNCTION "add_walk_in_customer"();
