-- Issue 24: product performance net of returns. A return counts in the shop month it was made
-- (like the refund leaving the drawer that day), not in its sale's: the monthly sums become the
-- sale lines that count less the returned lines that count, each in its own month.
--
-- A month may now hold a product's returns and no sale of it: no last sale.
ALTER TABLE "product_sales_monthly" ALTER COLUMN "last_sold_at" DROP NOT NULL;
--> statement-breakpoint
-- The one definition of a returned line that counts: a return of a line that counts (goods, its
-- sale not cancelled), in the month of the return, its sums negative — pieces, the refund
-- (unit price × quantity) and the profit it took back (refund − buying value). Product 0 for a
-- line whose product was deleted, as in sale_lines_counted.
CREATE VIEW return_lines_counted AS
SELECT r.id, r.store_id, r.returned_at, shop_month(r.returned_at) AS month,
  r.product_id AS line_product_id, coalesce(r.product_id, 0) AS product_id,
  -r.pieces::bigint AS pieces,
  -(r.amount * 100)::bigint AS revenue_cents,
  -((r.amount - r.buying_value) * 100)::bigint AS profit_cents
FROM sale_return_items r
JOIN sale_items l ON l.id = r.sale_item_id
WHERE l.product_kind = 'goods'
  AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.id = l.sale_id AND s.status = 'cancelled');
--> statement-breakpoint
-- Months of products summed again: their sale lines and their returned lines (0013's, which
-- read the sale lines alone).
CREATE OR REPLACE FUNCTION product_sales_monthly_refresh(store_ids integer[], months date[], product_ids integer[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Serialised with checkout the way two sales are: the products first, in id order (a sale
  -- locks them before it adds to their months), and a store's deleted products (0, which no
  -- sale adds to) under a lock of their own, so two refreshes never insert the same row.
  PERFORM 1 FROM products p WHERE p.id = ANY (product_ids) ORDER BY p.id FOR UPDATE;
  PERFORM pg_advisory_xact_lock(1367, g.store_id)
    FROM (SELECT DISTINCT store_id FROM unnest(store_ids, product_ids) AS u(store_id, product_id)
          WHERE product_id = 0 ORDER BY store_id) g;
  DELETE FROM product_sales_monthly m
    USING unnest(store_ids, months, product_ids) AS g(store_id, month, product_id)
    WHERE m.store_id = g.store_id AND m.month = g.month AND m.product_id = g.product_id;
  INSERT INTO product_sales_monthly
    (store_id, month, product_id, pieces, revenue_cents, profit_cents, last_sold_at)
  WITH g AS (
    SELECT DISTINCT * FROM unnest(store_ids, months, product_ids) AS u(store_id, month, product_id)
  )
  SELECT store_id, month, product_id, sum(pieces), sum(revenue_cents), sum(profit_cents),
    max(sold_at)
  FROM (
    SELECT g.store_id, g.month, g.product_id, c.pieces, c.revenue_cents, c.profit_cents, c.sold_at
    FROM g JOIN sale_lines_counted c ON c.store_id = g.store_id
      AND c.sold_at >= (g.month::timestamp AT TIME ZONE 'UTC') - interval '3 hours'
      AND c.sold_at < ((g.month + interval '1 month') AT TIME ZONE 'UTC') - interval '3 hours'
      -- Product 0: the lines whose product was deleted.
      AND (c.line_product_id = g.product_id OR (g.product_id = 0 AND c.line_product_id IS NULL))
    UNION ALL
    SELECT g.store_id, g.month, g.product_id, r.pieces, r.revenue_cents, r.profit_cents, NULL
    FROM g JOIN return_lines_counted r ON r.store_id = g.store_id
      AND r.returned_at >= (g.month::timestamp AT TIME ZONE 'UTC') - interval '3 hours'
      AND r.returned_at < ((g.month + interval '1 month') AT TIME ZONE 'UTC') - interval '3 hours'
      AND (r.line_product_id = g.product_id OR (g.product_id = 0 AND r.line_product_id IS NULL))
  ) x
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Sale lines changed: only those whose counted figures, product, time or sale changed are summed
-- again. A return writes sale_items.returned_quantity on every line it takes back, which changes
-- none of them (the returned line itself is what counts, below), so a return no longer sums a
-- month of the sale's products again.
CREATE OR REPLACE FUNCTION product_sales_monthly_lines_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (
    SELECT o.store_id, shop_month(o.sold_at) AS month, coalesce(o.product_id, 0) AS product_id
    FROM old_lines o JOIN new_lines n ON n.id = o.id
    WHERE (o.store_id, o.sold_at, o.product_id, o.pieces, o.total, o.quantity, o.buying_price,
           o.product_kind, o.sale_id)
      IS DISTINCT FROM (n.store_id, n.sold_at, n.product_id, n.pieces, n.total, n.quantity,
           n.buying_price, n.product_kind, n.sale_id)
    UNION
    SELECT n.store_id, shop_month(n.sold_at), coalesce(n.product_id, 0)
    FROM old_lines o JOIN new_lines n ON n.id = o.id
    WHERE (o.store_id, o.sold_at, o.product_id, o.pieces, o.total, o.quantity, o.buying_price,
           o.product_kind, o.sale_id)
      IS DISTINCT FROM (n.store_id, n.sold_at, n.product_id, n.pieces, n.total, n.quantity,
           n.buying_price, n.product_kind, n.sale_id)
  ) g
  -- Nothing that counts changed: nothing to sum again.
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A sale cancelled or restored: the months of its lines and of its returned lines.
CREATE OR REPLACE FUNCTION product_sales_monthly_sale_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (
    SELECT store_id, shop_month(sold_at) AS month, coalesce(product_id, 0) AS product_id
    FROM sale_items WHERE sale_id = NEW.id
    UNION
    SELECT r.store_id, shop_month(r.returned_at), coalesce(r.product_id, 0)
    FROM sale_return_items r JOIN sale_items l ON l.id = r.sale_item_id
    WHERE l.sale_id = NEW.id
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Returned lines just written: their (negative) sums are added to their products' months. The
-- products are locked first, in id order, as checkout locks them before adding a sale (and the
-- store's deleted products, 0, under the refresh's lock), so a refresh of the same month never
-- runs between; a month without a sale of the product has no last sale.
CREATE FUNCTION product_sales_monthly_return_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products p WHERE p.id IN (SELECT product_id FROM new_lines) ORDER BY p.id
    FOR UPDATE;
  PERFORM pg_advisory_xact_lock(1367, g.store_id)
    FROM (SELECT DISTINCT store_id FROM new_lines WHERE product_id IS NULL ORDER BY store_id) g;
  INSERT INTO product_sales_monthly AS m
    (store_id, month, product_id, pieces, revenue_cents, profit_cents, last_sold_at)
  SELECT r.store_id, r.month, r.product_id, sum(r.pieces), sum(r.revenue_cents),
    sum(r.profit_cents), NULL
  FROM return_lines_counted r
  WHERE r.id IN (SELECT id FROM new_lines)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (store_id, month, product_id) DO UPDATE SET
    pieces = m.pieces + excluded.pieces,
    revenue_cents = m.revenue_cents + excluded.revenue_cents,
    profit_cents = m.profit_cents + excluded.profit_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Returned lines changed (a product deleted sets theirs to null: product 0) or gone (their sale
-- or return deleted): their months summed again, before and after.
CREATE FUNCTION product_sales_monthly_returns_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (
    SELECT store_id, shop_month(returned_at) AS month, coalesce(product_id, 0) AS product_id
    FROM old_lines
    UNION
    SELECT store_id, shop_month(returned_at), coalesce(product_id, 0) FROM new_lines
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_sales_monthly_returns_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (SELECT DISTINCT store_id, shop_month(returned_at) AS month,
          coalesce(product_id, 0) AS product_id
        FROM old_lines) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_return_items_monthly_insert AFTER INSERT ON sale_return_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_return_add();
--> statement-breakpoint
CREATE TRIGGER sale_return_items_monthly_update AFTER UPDATE ON sale_return_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_returns_changed();
--> statement-breakpoint
CREATE TRIGGER sale_return_items_monthly_delete AFTER DELETE ON sale_return_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_returns_deleted();
--> statement-breakpoint
-- Returns written before this migration (none but a branch's test rows): their months again.
SELECT product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
FROM (SELECT DISTINCT store_id, shop_month(returned_at) AS month,
        coalesce(product_id, 0) AS product_id
      FROM sale_return_items) g
HAVING count(*) > 0;
