CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"category" text DEFAULT 'Other' NOT NULL,
	"date" date NOT NULL,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_range" CHECK ("expenses"."amount" >= 0.01 and "expenses"."amount" <= 1000000),
	CONSTRAINT "expenses_category_valid" CHECK ("expenses"."category" in ('Inventory', 'Utilities', 'Rent', 'Salaries', 'Marketing', 'Equipment', 'Maintenance', 'Other')),
	CONSTRAINT "expenses_payment_method_valid" CHECK ("expenses"."payment_method" in ('cash', 'card', 'mobile_money', 'other'))
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_store_date_idx" ON "expenses" USING btree ("store_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);