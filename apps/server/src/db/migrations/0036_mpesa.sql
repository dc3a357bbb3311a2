CREATE TABLE "mpesa_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"prompt_amount" integer,
	"phone" text,
	"payer_name" text,
	"reference" text,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"result_code" text,
	"result_desc" text,
	"mpesa_receipt" text,
	"transaction_time" text,
	"user_id" integer,
	"sale_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mpesa_payments_source_valid" CHECK ("mpesa_payments"."source" in ('stk', 'c2b')),
	CONSTRAINT "mpesa_payments_status_valid" CHECK ("mpesa_payments"."status" in ('pending', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "mpesa_payments_amount_positive" CHECK ("mpesa_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_mpesa_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"hook_token" text NOT NULL,
	"shortcode" text,
	"kind" text,
	"party_b" text,
	"environment" text,
	"passkey" text,
	"consumer_key" text,
	"consumer_secret" text,
	"c2b_registered_at" timestamp with time zone,
	"c2b_registration_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "mpesa_payment_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "mpesa_verified" boolean;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_mpesa_settings" ADD CONSTRAINT "store_mpesa_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_checkout_request_unique" ON "mpesa_payments" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_store_receipt_unique" ON "mpesa_payments" USING btree ("store_id","mpesa_receipt");--> statement-breakpoint
CREATE INDEX "mpesa_payments_store_created_idx" ON "mpesa_payments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "mpesa_payments_store_unmatched_idx" ON "mpesa_payments" USING btree ("store_id","created_at") WHERE "mpesa_payments"."sale_id" is null and "mpesa_payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "mpesa_payments_sale_idx" ON "mpesa_payments" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_mpesa_settings_hook_token_unique" ON "store_mpesa_settings" USING btree ("hook_token");--> statement-breakpoint
-- By hand (issue 23): the part's payment, when the sale names one (a null part is not checked).
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_mpesa_payment_id_fk" FOREIGN KEY ("mpesa_payment_id") REFERENCES "public"."mpesa_payments"("id") ON DELETE set null ON UPDATE no action;
