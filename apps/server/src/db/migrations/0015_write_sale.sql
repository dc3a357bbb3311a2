-- A sale written in one call (issue 10): sales.service.ts (createSale, insertSale) sends the
-- priced sale and its lines, and this function does in one statement what took a transaction
-- of five round trips from the server (begin, lock, the sale's row, the lines, commit): on a
-- small machine each round trip cost the server's one thread more than PostgreSQL's work, and
-- held the products' locks while the server served other requests. Any error undoes it all.
--
-- Errors the server turns into its own (sales.errors.ts):
--   DK001  the customer is not the store's, or is archived
--   DK002  a line's product is not the store's, or is inactive (DETAIL: the line's index)
--   DK003  a product has too little stock (DETAIL: the product's name)
-- A repeated Idempotency-Key meets sales_store_idempotency_key_unique (23505) as before.
--
-- The sale's rules, each the twin of the TypeScript function named beside it (sale-rules.test.ts
-- holds every pair equal): a line's pieces, its unit's buying price, a sale's points. The
-- delivery service's SKU comes from sales.service.ts (DELIVERY_SERVICE_SKU).
--
-- piecesPerUnit (@duka/shared/money/units)
CREATE FUNCTION pieces_per_unit(unit text, pack_size integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE unit WHEN 'piece' THEN 1 WHEN 'dozen' THEN 12 ELSE pack_size END $$;
--> statement-breakpoint
-- buyingPriceOf (products/unit-prices.service.ts): the unit's own, else its pieces at the piece
-- buying price.
CREATE FUNCTION unit_buying_price(unit text, pack_size integer, piece numeric, pack numeric,
  dozen numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
  WHEN unit = 'pack' AND pack > 0 THEN pack
  WHEN unit = 'dozen' AND dozen > 0 THEN dozen
  ELSE piece * pieces_per_unit(unit, pack_size) END $$;
--> statement-breakpoint
-- pointsEarned (customers/loyalty.service.ts): floor(goods / KSh 100 × the store's rate).
CREATE FUNCTION points_earned(goods_cents bigint, points_per_100 integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT goods_cents * points_per_100 / 10000 $$;
--> statement-breakpoint
CREATE FUNCTION write_sale(
  p_store_id integer, p_customer_id integer, p_user_id integer,
  p_subtotal numeric, p_delivery_fee numeric, p_total numeric, p_payment_method text,
  p_status text, p_payment_status text, p_amount_paid numeric, p_change numeric,
  p_mpesa_code text, p_idempotency_key text, p_created_at timestamptz,
  p_product_ids integer[], p_unit_types text[], p_quantities integer[],
  p_unit_prices numeric[], p_totals numeric[], p_delivery_sku text)
RETURNS TABLE (sale_id integer, created_at text, line_id integer, product_name text,
  product_sku text, pieces integer, buying_price text, customer_name text,
  customer_email text, customer_phone text)
LANGUAGE plpgsql
-- Every statement here finds its rows by key; a plan made once serves every sale (a plan made
-- for each call's values cost more than the statement).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  buyer customers;
  sale sales;
  problem record;
  line_names text[];
  line_skus text[];
  line_pieces bigint[];
  line_buying numeric[];
  earned bigint;
BEGIN
  SELECT * INTO buyer FROM customers c
  WHERE c.id = p_customer_id AND c.store_id = p_store_id AND c.archived_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'customer % is not the store''s', p_customer_id USING ERRCODE = 'DK001';
  END IF;

  -- The sale's products locked in id order (two tills never deadlock), before their stock is read.
  PERFORM FROM products p WHERE p.id = ANY (p_product_ids) AND p.store_id = p_store_id
  ORDER BY p.id FOR UPDATE;

  SELECT l.ord - 1 AS line INTO problem
  FROM unnest(p_product_ids) WITH ORDINALITY AS l (product_id, ord)
  LEFT JOIN products p ON p.id = l.product_id AND p.store_id = p_store_id
  WHERE p.id IS NULL OR NOT p.is_active
  ORDER BY l.ord LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'a product of the sale is not found' USING ERRCODE = 'DK002',
      DETAIL = problem.line::text;
  END IF;

  -- Each line's pieces and the buying price of its unit, in the lines' order.
  SELECT array_agg(p.name ORDER BY l.ord), array_agg(p.sku ORDER BY l.ord),
    -- In bigint: a big quantity of big packs is too little stock (409), not an overflow.
    array_agg(l.quantity::bigint * pieces_per_unit(l.unit_type, p.pack_size) ORDER BY l.ord),
    array_agg(unit_buying_price(l.unit_type, p.pack_size, p.piece_buying_price,
      p.pack_buying_price, p.dozen_buying_price) ORDER BY l.ord)
  INTO line_names, line_skus, line_pieces, line_buying
  FROM unnest(p_product_ids, p_unit_types, p_quantities) WITH ORDINALITY
    AS l (product_id, unit_type, quantity, ord)
  JOIN products p ON p.id = l.product_id;

  -- The first product (in the lines' order) whose stock cannot cover its lines; the delivery
  -- service is never counted in stock.
  SELECT p.name INTO problem
  FROM (SELECT l.product_id, min(l.ord) AS first, sum(l.pieces) AS taken
        FROM unnest(p_product_ids, line_pieces, line_skus) WITH ORDINALITY
          AS l (product_id, pieces, sku, ord)
        WHERE l.sku <> p_delivery_sku GROUP BY l.product_id) t
  JOIN products p ON p.id = t.product_id
  WHERE p.stock_pieces < t.taken
  ORDER BY t.first LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'too little stock' USING ERRCODE = 'DK003', DETAIL = problem.name;
  END IF;

  INSERT INTO sales AS s (store_id, customer_id, user_id, subtotal, delivery_fee, total_amount,
    payment_method, status, payment_status, amount_paid, change_amount, mpesa_code,
    idempotency_key, created_at)
  VALUES (p_store_id, buyer.id, p_user_id, p_subtotal, p_delivery_fee, p_total,
    p_payment_method, p_status, p_payment_status, p_amount_paid, p_change, p_mpesa_code,
    p_idempotency_key, coalesce(p_created_at, now()))
  RETURNING s.* INTO sale;

  -- A named customer earns points on the goods: not the delivery fee, nor a delivery line.
  IF NOT buyer.is_walk_in THEN
    SELECT points_earned(sum(l.total * 100)::bigint, st.loyalty_points_per_100) INTO earned
    FROM unnest(p_totals, line_skus) AS l (total, sku)
    CROSS JOIN stores st
    WHERE st.id = buyer.store_id AND l.sku <> p_delivery_sku
    GROUP BY st.loyalty_points_per_100;
    IF earned > 0 THEN
      UPDATE customers SET loyalty_points = loyalty_points + earned WHERE id = buyer.id;
      INSERT INTO loyalty_transactions (store_id, customer_id, points, kind, sale_id, user_id,
        created_at)
      VALUES (buyer.store_id, buyer.id, earned, 'earn', sale.id, p_user_id, sale.created_at);
    END IF;
  END IF;

  -- The new stock, one 'sale' movement per line of a stocked product, and the lines, answered
  -- in the lines' order (each line's id drawn here, so the order never rests on the sequence).
  RETURN QUERY
  WITH sold AS (
    SELECT l.*, nextval('sale_items_id_seq')::integer AS id
    FROM unnest(p_product_ids, line_names, line_skus, p_unit_types, p_quantities,
      line_pieces, p_unit_prices, line_buying, p_totals) WITH ORDINALITY
      AS l (product_id, name, sku, unit_type, quantity, pieces, unit_price, buying, total, ord)),
  stock AS (
    UPDATE products p SET stock_pieces = p.stock_pieces - t.taken, updated_at = now()
    FROM (SELECT sold.product_id, sum(sold.pieces) AS taken FROM sold
          WHERE sold.sku <> p_delivery_sku GROUP BY sold.product_id) t
    WHERE p.id = t.product_id),
  moves AS (
    INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, reference, user_id)
    SELECT p_store_id, sold.product_id, -sold.pieces, 'sale', 'SALE-' || sale.id, p_user_id
    FROM sold WHERE sold.sku <> p_delivery_sku ORDER BY sold.ord),
  written AS (
    INSERT INTO sale_items AS i (id, sale_id, store_id, sold_at, product_id, product_name,
      product_sku, unit_type, quantity, pieces, unit_price, buying_price, total)
    SELECT sold.id, sale.id, p_store_id, sale.created_at, sold.product_id, sold.name, sold.sku,
      sold.unit_type, sold.quantity, sold.pieces, sold.unit_price, sold.buying, sold.total
    FROM sold
    RETURNING i.id, i.product_name, i.product_sku, i.pieces, i.buying_price)
  SELECT sale.id, to_char(sale.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    w.id, w.product_name, w.product_sku, w.pieces, w.buying_price::text, buyer.name,
    buyer.email, buyer.phone
  FROM written w JOIN sold ON sold.id = w.id ORDER BY sold.ord;
END
$$;
