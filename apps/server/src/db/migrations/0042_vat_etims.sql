-- VAT and KRA eTIMS (issue 26, decisions/0017).
--   products.tax_type   the KRA letter A–E (B, 16%, by default)
--   sale_items / sale_return_items   the letter when sold and the VAT inside the line's amount,
--                       set by triggers: line_tax(amount, rate) = amount × rate / (100 + rate)
--                       to the cent (packages/shared/src/tax/tax.ts lineTaxCents is its twin)
--   sales.invoice_no, sale_returns.credit_note_no   consecutive per store from 1, no gap:
--                       next_document_no() in the writing transaction (the counter row stays
--                       locked until commit; a rollback gives the number back)
--   sales.delivery_tax  the delivery fee's VAT (B)
--   etims_invoices      a registered store's sales (at their insert) and credit notes (at
--                       commit, a deferred trigger: the counter lock is the return's last) to send
-- Existing sales and returns are numbered in the order they were made; their lines were all B.
CREATE TABLE "etims_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sale_id" integer NOT NULL,
	"return_id" integer,
	"etims_no" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt_no" integer,
	"total_receipt_no" integer,
	"internal_data" text,
	"signature" text,
	"sdc_date_time" text,
	"result_code" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "etims_invoices_kind_valid" CHECK ("etims_invoices"."kind" in ('sale', 'credit_note')),
	CONSTRAINT "etims_invoices_status_valid" CHECK ("etims_invoices"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "store_document_numbers" (
	"store_id" integer NOT NULL,
	"series" text NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "store_document_numbers_store_id_series_pk" PRIMARY KEY("store_id","series"),
	CONSTRAINT "store_document_numbers_series_valid" CHECK ("store_document_numbers"."series" in ('invoice', 'credit_note', 'etims'))
);
--> statement-breakpoint
CREATE TABLE "store_etims_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"kra_pin" text NOT NULL,
	"branch_id" text NOT NULL,
	"device_serial" text NOT NULL,
	"environment" text NOT NULL,
	"cmc_key" text,
	"sdc_id" text,
	"mrc_no" text,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD COLUMN "tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD COLUMN "tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "credit_note_no" integer;--> statement-breakpoint
UPDATE "sale_returns" r SET "credit_note_no" = n.no
FROM (SELECT id, row_number() OVER (PARTITION BY store_id ORDER BY created_at, id) AS no
      FROM "sale_returns") n
WHERE n.id = r.id;--> statement-breakpoint
ALTER TABLE "sale_returns" ALTER COLUMN "credit_note_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "invoice_no" integer;--> statement-breakpoint
UPDATE "sales" s SET "invoice_no" = n.no
FROM (SELECT id, row_number() OVER (PARTITION BY store_id ORDER BY created_at, id) AS no
      FROM "sales") n
WHERE n.id = s.id;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "invoice_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivery_tax" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_kra_pin" text;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD CONSTRAINT "etims_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD CONSTRAINT "etims_invoices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_invoices" ADD CONSTRAINT "etims_invoices_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_document_numbers" ADD CONSTRAINT "store_document_numbers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_etims_settings" ADD CONSTRAINT "store_etims_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_invoices_store_no_unique" ON "etims_invoices" USING btree ("store_id","etims_no");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_invoices_sale_unique" ON "etims_invoices" USING btree ("sale_id") WHERE "etims_invoices"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "etims_invoices_return_unique" ON "etims_invoices" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "etims_invoices_store_pending_idx" ON "etims_invoices" USING btree ("store_id","etims_no") WHERE "etims_invoices"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_store_credit_note_no_unique" ON "sale_returns" USING btree ("store_id","credit_note_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_store_invoice_no_unique" ON "sales" USING btree ("store_id","invoice_no");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_type_valid" CHECK ("tax_type" in ('A', 'B', 'C', 'D', 'E'));--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_tax_type_valid" CHECK ("tax_type" in ('A', 'B', 'C', 'D', 'E'));--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_tax_type_valid" CHECK ("tax_type" in ('A', 'B', 'C', 'D', 'E'));--> statement-breakpoint
CREATE INDEX "etims_invoices_store_status_idx" ON "etims_invoices" USING btree ("store_id","status");--> statement-breakpoint
-- KRA's rate of a letter, in percent (code list class 04: research notes §3.3).
CREATE FUNCTION tax_rate(p_tax_type text) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE p_tax_type WHEN 'B' THEN 16 WHEN 'E' THEN 8 ELSE 0 END::numeric $$;
--> statement-breakpoint
-- The VAT inside a VAT-inclusive amount, to the cent (round() is half away from zero, as
-- lineTaxCents; 16% and 8% never land on a half cent).
CREATE FUNCTION line_tax(p_amount numeric, p_rate numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT round(p_amount * p_rate / (100 + p_rate), 2) $$;
--> statement-breakpoint
-- The next number of a store's series, in the caller's transaction: the counter row is locked
-- until it commits (a store's writers of the series queue here), and a rollback gives the number
-- back. The first call of a series makes its row.
CREATE FUNCTION next_document_no(p_store_id integer, p_series text) RETURNS integer
LANGUAGE sql
AS $$
  INSERT INTO store_document_numbers AS d (store_id, series, last_no)
  VALUES (p_store_id, p_series, 1)
  ON CONFLICT (store_id, series) DO UPDATE SET last_no = d.last_no + 1
  RETURNING d.last_no
$$;
--> statement-breakpoint
UPDATE "sale_items" SET "tax_amount" = line_tax("total", 16);--> statement-breakpoint
UPDATE "sale_return_items" SET "tax_amount" = line_tax("amount", 16);--> statement-breakpoint
UPDATE "sales" SET "delivery_tax" = line_tax("delivery_fee", 16) WHERE "delivery_fee" <> 0;--> statement-breakpoint
INSERT INTO store_document_numbers (store_id, series, last_no)
SELECT store_id, 'invoice', max(invoice_no) FROM sales GROUP BY store_id;--> statement-breakpoint
INSERT INTO store_document_numbers (store_id, series, last_no)
SELECT store_id, 'credit_note', max(credit_note_no) FROM sale_returns GROUP BY store_id;--> statement-breakpoint
-- A sale line: its product's letter now (the product is locked by the sale), and the VAT.
CREATE FUNCTION sale_items_tax() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  letter text;
BEGIN
  SELECT p.tax_type INTO letter FROM products p WHERE p.id = NEW.product_id;
  IF letter IS NOT NULL THEN
    NEW.tax_type := letter;
  END IF;
  NEW.tax_amount := line_tax(NEW.total, tax_rate(NEW.tax_type));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sale_items_tax BEFORE INSERT ON sale_items
FOR EACH ROW EXECUTE FUNCTION sale_items_tax();
--> statement-breakpoint
-- A returned line: its sale line's letter, and the VAT inside the refund of it.
CREATE FUNCTION sale_return_items_tax() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT i.tax_type INTO NEW.tax_type FROM sale_items i WHERE i.id = NEW.sale_item_id;
  NEW.tax_type := coalesce(NEW.tax_type, 'B');
  NEW.tax_amount := line_tax(NEW.amount, tax_rate(NEW.tax_type));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sale_return_items_tax BEFORE INSERT ON sale_return_items
FOR EACH ROW EXECUTE FUNCTION sale_return_items_tax();
--> statement-breakpoint
-- A sale: its invoice number (write_sale inserts the sale after every other lock it takes but
-- its own rows', so the store's counter is held from here to the commit only) and the
-- delivery fee's VAT.
CREATE FUNCTION sales_invoice_no() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.invoice_no := next_document_no(NEW.store_id, 'invoice');
  NEW.delivery_tax := line_tax(NEW.delivery_fee, 16);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_invoice_no BEFORE INSERT ON sales
FOR EACH ROW EXECUTE FUNCTION sales_invoice_no();
--> statement-breakpoint
CREATE FUNCTION sale_returns_credit_note_no() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.credit_note_no := next_document_no(NEW.store_id, 'credit_note');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sale_returns_credit_note_no BEFORE INSERT ON sale_returns
FOR EACH ROW EXECUTE FUNCTION sale_returns_credit_note_no();
--> statement-breakpoint
-- A registered store's sale goes to eTIMS: its invoice, numbered in the branch's invcNo series.
CREATE FUNCTION sales_etims_invoice() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT FROM store_etims_settings e
             WHERE e.store_id = NEW.store_id AND e.registered_at IS NOT NULL) THEN
    INSERT INTO etims_invoices (store_id, kind, sale_id, etims_no, created_at)
    VALUES (NEW.store_id, 'sale', NEW.id, next_document_no(NEW.store_id, 'etims'), now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_etims_invoice AFTER INSERT ON sales
FOR EACH ROW EXECUTE FUNCTION sales_etims_invoice();
--> statement-breakpoint
-- A return of a sale that went to eTIMS goes as a credit note, numbered at the return's commit
-- (deferred: the return has locked its lines and products by then, so the series' lock is its
-- last and never waits behind a lock a sale holding the series needs).
CREATE FUNCTION sale_returns_etims_invoice() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT FROM etims_invoices i WHERE i.sale_id = NEW.sale_id AND i.kind = 'sale') THEN
    INSERT INTO etims_invoices (store_id, kind, sale_id, return_id, etims_no, created_at)
    VALUES (NEW.store_id, 'credit_note', NEW.sale_id, NEW.id,
      next_document_no(NEW.store_id, 'etims'), now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_returns_etims_invoice AFTER INSERT ON sale_returns
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION sale_returns_etims_invoice();
