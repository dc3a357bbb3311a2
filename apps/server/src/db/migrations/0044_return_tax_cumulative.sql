-- VAT of a returned line (issue 26), cumulative: the VAT inside what has been refunded of the
-- sale line so far, this return included, less the VAT inside what was refunded before it.
-- Each return taxed on its own rounded the VAT away bit by bit (ten returns of one 0.30 item
-- credited 0.40 of a line whose VAT was 0.41); now a line returned whole, however many
-- returns it takes, credits exactly the VAT it was sold with (its refunds add up to its total:
-- returns.service refundOf is cumulative the same way). The return locks the sale's lines
-- (FOR UPDATE) before writing, so what was refunded before is stable here.
CREATE OR REPLACE FUNCTION sale_return_items_tax() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  rate numeric;
  refunded_before numeric;
BEGIN
  SELECT i.tax_type INTO NEW.tax_type FROM sale_items i WHERE i.id = NEW.sale_item_id;
  NEW.tax_type := coalesce(NEW.tax_type, 'B');
  rate := tax_rate(NEW.tax_type);
  SELECT coalesce(sum(r.amount), 0) INTO refunded_before
  FROM sale_return_items r WHERE r.sale_item_id = NEW.sale_item_id;
  NEW.tax_amount := line_tax(refunded_before + NEW.amount, rate) - line_tax(refunded_before, rate);
  RETURN NEW;
END
$$;
