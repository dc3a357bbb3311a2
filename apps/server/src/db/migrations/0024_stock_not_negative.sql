-- Stock never goes below 0 by accident (issue 21, decision 0007): the CHECK that said so
-- (dropped by 0023) becomes a trigger that refuses a negative stock_pieces unless the stock
-- ledger, asked to (p_allow_negative: a sale already made at an offline till), lets it through
-- for its own statement (the transaction-local setting duka.allow_negative_stock). Any other
-- write of a negative stock — a bug, a hand-written UPDATE — is refused as the CHECK refused
-- it (23514, products_stock_not_negative). The WHEN clause keeps it free for every other row;
-- a stock already below 0 may go up.
CREATE FUNCTION products_stock_not_negative() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- Stock already below 0 may come back up (a delivery to a shop that sold offline).
  IF TG_OP = 'UPDATE' AND NEW.stock_pieces >= OLD.stock_pieces THEN
    RETURN NEW;
  END IF;
  IF coalesce(current_setting('duka.allow_negative_stock', true), '') <> 'on' THEN
    RAISE EXCEPTION 'new row for relation "products" violates check constraint "products_stock_not_negative"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'products_stock_not_negative',
        TABLE = 'products', COLUMN = 'stock_pieces';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_not_negative
BEFORE INSERT OR UPDATE OF stock_pieces ON products
FOR EACH ROW WHEN (NEW.stock_pieces < 0)
EXECUTE FUNCTION products_stock_not_negative();
--> statement-breakpoint
-- stock_apply as in 0023, letting its own update through the trigger when p_allow_negative;
-- and only a change that takes stock away is refused for leaving it below 0 (a delivery to a
-- product already below 0 brings it up, even if not yet to 0).
CREATE OR REPLACE FUNCTION stock_apply(p_store_id integer, p_product_ids integer[],
  p_changes bigint[], p_reason text, p_reference text, p_user_id integer,
  p_allow_negative boolean DEFAULT false, p_note text DEFAULT NULL,
  p_at timestamptz DEFAULT NULL)
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
    WHERE p.kind = 'goods' AND t.change < 0 AND p.stock_pieces + t.change < 0
    ORDER BY t.first LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'too little stock' USING ERRCODE = 'DK003', DETAIL = problem.name;
    END IF;
  ELSE
    PERFORM set_config('duka.allow_negative_stock', 'on', true);
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

  IF p_allow_negative THEN
    PERFORM set_config('duka.allow_negative_stock', 'off', true);
  END IF;
END
$$;
