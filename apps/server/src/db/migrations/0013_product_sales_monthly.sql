CREATE TABLE "product_sales_monthly" (
	"store_id" integer NOT NULL,
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"pieces" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"profit_cents" bigint NOT NULL,
	"last_sold_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_sales_monthly_store_id_month_product_id_pk" PRIMARY KEY("store_id","month","product_id")
);
--> statement-breakpoint
-- A sum of bigints that stays a bigint (an error on overflow, never a wrong figure): the built-in
-- sum(bigint) keeps a 128-bit state per group, which made a year's report of 50,000 products
-- a third slower (issue 10).
CREATE AGGREGATE sum_bigint(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
--> statement-breakpoint
-- The shop month a moment falls in: Africa/Nairobi is UTC+3 all year (lib/shop-day.ts).
CREATE FUNCTION shop_month(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT date_trunc('month', (moment AT TIME ZONE 'UTC') + interval '3 hours')::date $$;
--> statement-breakpoint
-- The one definition of a line that counts in product performance, and its sums in cents:
-- not the delivery service (SRV001), not a line of a cancelled sale; product 0 for a line whose
-- product was deleted. The triggers below and reports.service.ts (linesSold) read it.
CREATE VIEW sale_lines_counted AS
SELECT l.id, l.store_id, l.sold_at, shop_month(l.sold_at) AS month, l.product_id AS line_product_id,
  coalesce(l.product_id, 0) AS product_id, l.pieces::bigint AS pieces,
  (l.total * 100)::bigint AS revenue_cents,
  ((l.total - l.quantity * l.buying_price) * 100)::bigint AS profit_cents
FROM sale_items l
WHERE l.product_sku <> 'SRV001'
  AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.id = l.sale_id AND s.status = 'cancelled');
--> statement-breakpoint
-- Lines just written (checkout, a seed): their sums are added to their products' months, in key
-- order, so two sales lock the rows they share in the same order (checkout has already locked
-- the products themselves, in id order). The delivery service and the lines of a cancelled sale
-- do not count.
CREATE FUNCTION product_sales_monthly_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_monthly AS m
    (store_id, month, product_id, pieces, revenue_cents, profit_cents, last_sold_at)
  SELECT c.store_id, c.month, c.product_id, sum(c.pieces), sum(c.revenue_cents),
    sum(c.profit_cents), max(c.sold_at)
  FROM sale_lines_counted c
  WHERE c.id IN (SELECT id FROM new_lines)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (store_id, month, product_id) DO UPDATE SET
    pieces = m.pieces + excluded.pieces,
    revenue_cents = m.revenue_cents + excluded.revenue_cents,
    profit_cents = m.profit_cents + excluded.profit_cents,
    last_sold_at = greatest(m.last_sold_at, excluded.last_sold_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Months of products summed again from their lines: after lines changed or went (a product
-- deleted sets its lines' product to null: product 0) or a sale was cancelled or restored.
-- Rare, so exact rather than incremental (the last sale of a month cannot be subtracted).
CREATE FUNCTION product_sales_monthly_refresh(store_ids integer[], months date[], product_ids integer[])
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
  SELECT g.store_id, g.month, g.product_id, sum(c.pieces), sum(c.revenue_cents),
    sum(c.profit_cents), max(c.sold_at)
  FROM (SELECT DISTINCT * FROM unnest(store_ids, months, product_ids)
          AS u(store_id, month, product_id)) g
  JOIN sale_lines_counted c ON c.store_id = g.store_id
    AND c.sold_at >= (g.month::timestamp AT TIME ZONE 'UTC') - interval '3 hours'
    AND c.sold_at < ((g.month + interval '1 month') AT TIME ZONE 'UTC') - interval '3 hours'
    -- Product 0: the lines whose product was deleted.
    AND (c.line_product_id = g.product_id OR (g.product_id = 0 AND c.line_product_id IS NULL))
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_sales_monthly_lines_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (
    SELECT store_id, shop_month(sold_at) AS month, coalesce(product_id, 0) AS product_id FROM old_lines
    UNION
    SELECT store_id, shop_month(sold_at), coalesce(product_id, 0) FROM new_lines
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_sales_monthly_lines_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (SELECT DISTINCT store_id, shop_month(sold_at) AS month, coalesce(product_id, 0) AS product_id
        FROM old_lines) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_sales_monthly_sale_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_monthly_refresh(array_agg(store_id), array_agg(month), array_agg(product_id))
  FROM (SELECT DISTINCT store_id, shop_month(sold_at) AS month, coalesce(product_id, 0) AS product_id
        FROM sale_items WHERE sale_id = NEW.id) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_items_monthly_insert AFTER INSERT ON sale_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_add();
--> statement-breakpoint
CREATE TRIGGER sale_items_monthly_update AFTER UPDATE ON sale_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_lines_changed();
--> statement-breakpoint
CREATE TRIGGER sale_items_monthly_delete AFTER DELETE ON sale_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_monthly_lines_deleted();
--> statement-breakpoint
CREATE TRIGGER sales_monthly_status AFTER UPDATE OF status ON sales
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'cancelled' OR NEW.status = 'cancelled'))
  EXECUTE FUNCTION product_sales_monthly_sale_status();
--> statement-breakpoint
-- What was sold before this migration.
INSERT INTO product_sales_monthly
  (store_id, month, product_id, pieces, revenue_cents, profit_cents, last_sold_at)
SELECT store_id, month, product_id, sum(pieces), sum(revenue_cents), sum(profit_cents),
  max(sold_at)
FROM sale_lines_counted
GROUP BY 1, 2, 3;
