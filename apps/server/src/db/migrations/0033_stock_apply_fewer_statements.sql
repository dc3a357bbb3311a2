-- Checkout's cost (issue 21, docs/performance.md): stock_apply as in 0024, with two statements
-- fewer on the usual path, the same answers and the same refusals.
-- * The products not the store's (DK002) are looked for only when the lock took fewer rows than
--   products were listed (one listed twice, or one not the store's).
-- * Too little stock (DK003) is no longer a statement before the update: the update itself
--   changes nothing when a change would take a product below 0 (and that is not allowed), and
--   only when it changed nothing is the first such product (in the changes' order) named.
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
  locked bigint;
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
  -- As many rows locked as products listed: every one is the store's, no second look (a
  -- sale's products, each listed once, the usual case). Fewer: one listed twice, or one not
  -- the store's — the first such is named.
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked < cardinality(p_product_ids) THEN
    SELECT l.ord - 1 AS line INTO problem
    FROM unnest(p_product_ids) WITH ORDINALITY AS l (id, ord)
    LEFT JOIN products p ON p.id = l.id AND p.store_id = p_store_id
    WHERE p.id IS NULL
    ORDER BY l.ord LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'a product is not the store''s' USING ERRCODE = 'DK002',
        DETAIL = problem.line::text;
    END IF;
  END IF;

  IF p_allow_negative THEN
    PERFORM set_config('duka.allow_negative_stock', 'on', true);
  END IF;

  -- Too little stock is looked for by the update itself (one statement less for every
  -- change): when a change would take a product below 0 (and that is not allowed), nothing is
  -- updated, and the product is named below.
  RETURN QUERY
  WITH net AS (
    SELECT l.id, min(l.ord) AS first, sum(l.change) AS change
    FROM unnest(p_product_ids, p_changes) WITH ORDINALITY AS l (id, change, ord)
    GROUP BY l.id),
  short AS (
    SELECT FROM net JOIN products p ON p.id = net.id
    WHERE NOT p_allow_negative AND p.kind = 'goods' AND net.change < 0
      AND p.stock_pieces + net.change < 0),
  changed AS (
    UPDATE products p SET stock_pieces = p.stock_pieces + net.change,
      updated_at = coalesce(p_at, now())
    FROM net
    WHERE p.id = net.id AND p.kind = 'goods' AND net.change <> 0
      AND NOT EXISTS (SELECT FROM short)
    RETURNING p.id, p.stock_pieces, net.change, net.first),
  moves AS (
    INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, adjustment_reason,
      reference, user_id, created_at)
    SELECT p_store_id, c.id, c.change, p_reason, p_note, p_reference, p_user_id,
      coalesce(p_at, now())
    FROM changed c ORDER BY c.first)
  SELECT c.id, c.stock_pieces FROM changed c ORDER BY c.first;

  -- Nothing changed: nothing to change, or a product short — the first, in the changes'
  -- order, that they would take below 0 (DK003, DETAIL = its name).
  IF NOT FOUND AND NOT p_allow_negative THEN
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
  END IF;

  IF p_allow_negative THEN
    PERFORM set_config('duka.allow_negative_stock', 'off', true);
  END IF;
END
$$;
