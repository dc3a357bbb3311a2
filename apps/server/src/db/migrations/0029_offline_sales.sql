-- The offline till (issue 22, decisions/0012). received_at: when the server recorded the sale;
-- the sales already written keep null (made online, received when made); new ones get now().
ALTER TABLE "sales" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "received_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "client_sale_id" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "device_receipt_number" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "offline_max_age_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_store_client_sale_id_unique" ON "sales" USING btree ("store_id","client_sale_id");--> statement-breakpoint
CREATE INDEX "sales_store_needs_review_idx" ON "sales" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "sales"."needs_review";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_offline_max_age_range" CHECK ("stores"."offline_max_age_days" between 1 and 365);