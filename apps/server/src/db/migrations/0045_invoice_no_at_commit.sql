-- A sale's invoice number taken at its commit (issue 26, decisions/0017 "What it costs").
-- The number is a counter row held from the moment it is taken to the commit, so a store's
-- sales commit one after the other. Taken at the sale's insert (0042), it was held through the
-- rest of write_sale — the points, the payment parts, the lines and their triggers — then the
-- commit: on a busy 2-core machine one store's checkout fell to half. Now the insert gives the
-- sale a placeholder (minus its id: unique, and never a real number), and a deferred trigger,
-- run when the sale commits, gives it the next number and writes its eTIMS invoice: the counter
-- is held for one update and the commit's flush. Still gap-free: a sale that fails before its
-- commit never took a number, and one whose commit fails gives it back. write_sale's caller
-- reads the number after the statement (or, inside a transaction, after SET CONSTRAINTS …
-- IMMEDIATE).
CREATE OR REPLACE FUNCTION sales_invoice_no() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.invoice_no := -NEW.id;
  NEW.delivery_tax := line_tax(NEW.delivery_fee, 16);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER sales_etims_invoice ON sales;
--> statement-breakpoint
DROP FUNCTION sales_etims_invoice();
--> statement-breakpoint
-- At the sale's commit: its invoice number, then (a registered store) its eTIMS invoice — the
-- invoice series before the eTIMS one, as every writer takes them.
CREATE FUNCTION sales_number_at_commit() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE sales SET invoice_no = next_document_no(NEW.store_id, 'invoice')
  WHERE id = NEW.id AND invoice_no < 0;
  IF EXISTS (SELECT FROM store_etims_settings e
             WHERE e.store_id = NEW.store_id AND e.registered_at IS NOT NULL) THEN
    INSERT INTO etims_invoices (store_id, kind, sale_id, etims_no, created_at)
    VALUES (NEW.store_id, 'sale', NEW.id, next_document_no(NEW.store_id, 'etims'), now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_number_at_commit AFTER INSERT ON sales
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION sales_number_at_commit();
