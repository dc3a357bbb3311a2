ALTER TABLE "products" DROP CONSTRAINT "products_stock_not_negative";--> statement-breakpoint
-- The stock ledger (issue 21, decision 0007): the one writer of products.stock_pieces. Every
-- change of stock — a sale, an order's fulfilment, a purchase order's receipt, a CSV import,
-- a product's creation or edit — comes here, so each is locked, checked and recorded the same
-- way: the store's listed products locked FOR UPDATE in id order (two writers never deadlock),
-- the changes (pieces, one per element; a product may be listed several times) summed per
-- product, a service's ignored (it has no stock), a product that would go below 0 refused
-- unless p_allow_negative (the offline till's sale made before the stock was known), and one
-- movement per product with a net change, whose new stock is answered.
--   DK002, DETAIL = 0-based index of the first element that is not a product of the store.
--   DK003, DETAIL = the name of the first product (in the arrays' order) taken below 0.
-- p_note is the adjustment's reason ('count', 'damage', 'theft', 'correction'), only with
-- reason 'adjustment'; p_at the movements' time when not now (the demo seed's history).
CREATE FUNCTION stock_apply(p_store_id integer, p_product_ids integer[], p_changes bigint[],
  p_reason text, p_reference text, p_user_id integer, p_allow_negative boolean DEFAULT false,
  p_note text DEFAULT NULL, p_at timestamptz DEFAULT NULL)
RETURNS TABLE (product_id integer, stock_pieces integer)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  problem record;
BEGIN
  IF coalesce(cardinality(p_product_ids), 0) <> coalesce(cardinality(p_changes), 0) THEN
    RAISE EXCEPTION 'stock_apply: % products but % changes', cardinality(p_product_ids),
      cardinality(p_changes);
  END IF;
  IF coalesce(cardinality(p_product_ids), 0) = 0 THEN
    RETURN;
  END IF;

  PERFORM FROM products p WHERE p.id = ANY (p_product_ids) AND p.store_id = p_store_id
  ORDER BY p.id FOR UPDATE;

  SELECT l.ord - 1 AS line INTO problem
  FROM unnest(p_product_ids) WITH ORDINALITY AS l (id, ord)
  LEFT JOIN products p ON p.id = l.id AND p.store_id = p_store_id
  WHERE p.id IS NULL
  ORDER BY l.ord LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'a product is not the store''s' USING ERRCODE = 'DK002',
      DETAIL = problem.line::text;
  END IF;

  IF NOT p_allow_negative THEN
    SELECT p.name INTO problem
    FROM (SELECT l.id, min(l.ord) AS first, sum(l.change) AS change
          FROM unnest(p_product_ids, p_changes) WITH ORDINALITY AS l (id, change, ord)
          GROUP BY l.id) t
    JOIN products p ON p.id = t.id
    WHERE p.kind = 'goods' AND p.stock_pieces + t.change < 0
    ORDER BY t.first LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'too little stock' USING ERRCODE = 'DK003', DETAIL = problem.name;
    END IF;
  END IF;

  RETURN QUERY
  WITH net AS (
    SELECT l.id, min(l.ord) AS first, sum(l.change) AS change
    FROM unnest(p_product_ids, p_changes) WITH ORDINALITY AS l (id, change, ord)
    GROUP BY l.id),
  changed AS (
    UPDATE products p SET stock_pieces = p.stock_pieces + net.change,
      updated_at = coalesce(p_at, now())
    FROM net
    WHERE p.id = net.id AND p.kind = 'goods' AND net.change <> 0
    RETURNING p.id, p.stock_pieces, net.change, net.first),
  moves AS (
    INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, adjustment_reason,
      reference, user_id, created_at)
    SELECT p_store_id, c.id, c.change, p_reason, p_note, p_reference, p_user_id,
      coalesce(p_at, now())
    FROM changed c ORDER BY c.first)
  SELECT c.id, c.stock_pieces FROM changed c ORDER BY c.first;
END
$$;
