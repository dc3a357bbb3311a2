CREATE TABLE "customer_account_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"sale_id" integer,
	"repayment_id" integer,
	"method" text NOT NULL,
	"mpesa_code" text,
	"balance_after" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_account_entries_type_valid" CHECK ("customer_account_entries"."type" in ('credit_sale', 'repayment')),
	CONSTRAINT "customer_account_entries_amount_positive" CHECK ("customer_account_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"mpesa_code" text,
	"user_id" integer,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_repayments_amount_positive" CHECK ("customer_repayments"."amount" > 0),
	CONSTRAINT "customer_repayments_method_valid" CHECK ("customer_repayments"."method" in ('cash', 'mpesa'))
);
--> statement-breakpoint
CREATE TABLE "repayment_allocations" (
	"repayment_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "repayment_allocations_repayment_id_sale_id_pk" PRIMARY KEY("repayment_id","sale_id"),
	CONSTRAINT "repayment_allocations_amount_positive" CHECK ("repayment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"mpesa_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_payments_method_valid" CHECK ("sale_payments"."method" in ('cash', 'mpesa', 'credit')),
	CONSTRAINT "sale_payments_amount_positive" CHECK ("sale_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_payment_method_valid";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "balance" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "balance_due" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "default_credit_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_repayment_id_customer_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."customer_repayments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD CONSTRAINT "customer_repayments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD CONSTRAINT "customer_repayments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_repayments" ADD CONSTRAINT "customer_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD CONSTRAINT "repayment_allocations_repayment_id_customer_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."customer_repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_allocations" ADD CONSTRAINT "repayment_allocations_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_account_entries_customer_idx" ON "customer_account_entries" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_repayments_store_idempotency_key_unique" ON "customer_repayments" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "customer_repayments_store_created_idx" ON "customer_repayments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "repayment_allocations_sale_idx" ON "repayment_allocations" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_payments_sale_idx" ON "sale_payments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_payments_store_created_idx" ON "sale_payments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_customer_unpaid_idx" ON "sales" USING btree ("store_id","customer_id","created_at","id") WHERE "sales"."balance_due" > 0;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_balance_not_negative" CHECK ("customers"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_balance_due_not_negative" CHECK ("sales"."balance_due" >= 0);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_valid" CHECK ("sales"."payment_method" in ('cash', 'mpesa', 'credit', 'split'));--> statement-breakpoint
-- The money ledger (issue 21): every sale made before it was paid one way, for its total (cash
-- net of the change given is the total), so each gets that one part; a sale of total 0 has no
-- part (a part is above 0). Nothing was sold on credit before: balance_due stays 0.
INSERT INTO "sale_payments" ("sale_id", "store_id", "method", "amount", "mpesa_code", "created_at")
SELECT s."id", s."store_id", s."payment_method", s."total_amount",
  CASE WHEN s."payment_method" = 'mpesa' THEN s."mpesa_code" END, s."created_at"
FROM "sales" s
WHERE s."total_amount" > 0
ORDER BY s."id";
