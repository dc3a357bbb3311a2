ALTER TABLE "etims_invoices" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD COLUMN "branch_id" text;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD COLUMN "environment" text;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD COLUMN "sdc_id" text;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD CONSTRAINT "etims_invoices_environment_valid" CHECK ("etims_invoices"."environment" is null or "etims_invoices"."environment" in ('sandbox', 'production'));--> statement-breakpoint
-- The invoices already sent were signed under their store's settings of today (no one could
-- change them since without this migration): keep those on each, so a later change of branch,
-- environment or device does not rewrite their receipts.
UPDATE "etims_invoices" AS i
SET "kra_pin" = e."kra_pin", "branch_id" = e."branch_id", "environment" = e."environment",
  "sdc_id" = e."sdc_id"
FROM "store_etims_settings" AS e
WHERE e."store_id" = i."store_id" AND i."status" = 'sent';
