-- A pack or dozen with no selling price of its own (the form's default is 0.00) lists at its
-- pieces' price (issue 20 review): with a list price of 0, any price a cashier charged for a
-- dozen was at or above the list, so a dozen worth KSh 1,200 in pieces could go for KSh 1 with
-- no discount recorded and no cap. The twin of listPriceOf (products/unit-prices.service.ts),
-- as unit_buying_price is of buyingPriceOf; write_sale (0021) is the same but for its calls.
CREATE FUNCTION unit_selling_price(unit text, pack_size integer, piece numeric, pack numeric,
  dozen numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE
  WHEN unit = 'pack' AND pack > 0 THEN pack
  WHEN unit = 'dozen' AND dozen > 0 THEN dozen
  ELSE piece * pieces_per_unit(unit, pack_size) END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_sale(
  p_store_id integer, p_customer_id integer, p_user_id integer,
  p_subtotal numeric, p_delivery_fee numeric, p_total numeric, p_payment_method text,
  p_status text, p_payment_status text, p_amount_paid numeric, p_change numeric,
  p_mpesa_code text, p_idempotency_key text, p_created_at timestamptz,
  p_product_ids integer[], p_unit_types text[], p_quantities integer[],
  p_unit_prices numeric[], p_totals numeric[],
  p_capped boolean, p_approved_by integer, p_request_hash text)
RETURNS TABLE (sale_id integer, created_at text, line_id integer, product_name text,
  product_sku text, pieces integer, buying_price text, customer_name text,
  customer_email text, customer_phone text, list_price text, discount text,
  discount_total text, discount_approved_by integer, product_kind text)
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
  line_kinds text[];
  line_pieces bigint[];
  line_buying numeric[];
  line_list numeric[];
  line_discounts numeric[];
  cap integer;
  approver integer;
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

  -- Each line's pieces, the buying and the list price of its unit, and its discount, in the
  -- lines' order.
  SELECT array_agg(p.name ORDER BY l.ord), array_agg(p.sku ORDER BY l.ord),
    array_agg(p.kind ORDER BY l.ord),
    -- In bigint: a big quantity of big packs is too little stock (409), not an overflow.
    array_agg(l.quantity::bigint * pieces_per_unit(l.unit_type, p.pack_size) ORDER BY l.ord),
    array_agg(unit_buying_price(l.unit_type, p.pack_size, p.piece_buying_price,
      p.pack_buying_price, p.dozen_buying_price) ORDER BY l.ord),
    array_agg(unit_selling_price(l.unit_type, p.pack_size, p.piece_selling_price,
      p.pack_selling_price, p.dozen_selling_price) ORDER BY l.ord),
    array_agg(line_discount(unit_selling_price(l.unit_type, p.pack_size,
      p.piece_selling_price, p.pack_selling_price, p.dozen_selling_price), l.quantity, l.total) ORDER BY l.ord)
  INTO line_names, line_skus, line_kinds, line_pieces, line_buying, line_list, line_discounts
  FROM unnest(p_product_ids, p_unit_types, p_quantities, p_totals) WITH ORDINALITY
    AS l (product_id, unit_type, quantity, total, ord)
  JOIN products p ON p.id = l.product_id;

  -- The first product (in the lines' order) whose stock cannot cover its lines; a service (the
  -- delivery among them) has no stock.
  SELECT p.name INTO problem
  FROM (SELECT l.product_id, min(l.ord) AS first, sum(l.pieces) AS taken
        FROM unnest(p_product_ids, line_pieces, line_kinds) WITH ORDINALITY
          AS l (product_id, pieces, kind, ord)
        WHERE l.kind = 'goods' GROUP BY l.product_id) t
  JOIN products p ON p.id = t.product_id
  WHERE p.stock_pieces < t.taken
  ORDER BY t.first LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'too little stock' USING ERRCODE = 'DK003', DETAIL = problem.name;
  END IF;

  -- A cashier's line more than the store's cap below its list price needs a manager (after
  -- the stock: a sale that cannot be made asks no manager).
  IF p_capped THEN
    SELECT st.max_cashier_discount_percent INTO cap FROM stores st WHERE st.id = p_store_id;
    PERFORM FROM unnest(line_list, p_quantities, p_totals) AS l (list, quantity, total)
    WHERE over_discount_cap(l.list, l.quantity, l.total, cap);
    IF FOUND THEN
      IF p_approved_by IS NULL THEN
        RAISE EXCEPTION 'a discount over the cap' USING ERRCODE = 'DK004', DETAIL = cap::text;
      END IF;
      approver := p_approved_by;
    END IF;
  END IF;

  INSERT INTO sales AS s (store_id, customer_id, user_id, subtotal, delivery_fee, total_amount,
    payment_method, status, payment_status, amount_paid, change_amount, mpesa_code,
    idempotency_key, request_hash, created_at, discount_total, discount_approved_by)
  VALUES (p_store_id, buyer.id, p_user_id, p_subtotal, p_delivery_fee, p_total,
    p_payment_method, p_status, p_payment_status, p_amount_paid, p_change, p_mpesa_code,
    p_idempotency_key, p_request_hash, coalesce(p_created_at, now()),
    (SELECT coalesce(sum(d), 0) FROM unnest(line_discounts) AS d), approver)
  RETURNING s.* INTO sale;

  -- A named customer earns points on the goods: not the delivery fee, nor a service's line.
  IF NOT buyer.is_walk_in THEN
    SELECT points_earned(sum(l.total * 100)::bigint, st.loyalty_points_per_100) INTO earned
    FROM unnest(p_totals, line_kinds) AS l (total, kind)
    CROSS JOIN stores st
    WHERE st.id = buyer.store_id AND l.kind = 'goods'
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
    FROM unnest(p_product_ids, line_names, line_skus, line_kinds, p_unit_types, p_quantities,
      line_pieces, p_unit_prices, line_buying, p_totals, line_list, line_discounts)
      WITH ORDINALITY
      AS l (product_id, name, sku, kind, unit_type, quantity, pieces, unit_price, buying, total,
        list, discount, ord)),
  stock AS (
    UPDATE products p SET stock_pieces = p.stock_pieces - t.taken, updated_at = now()
    FROM (SELECT sold.product_id, sum(sold.pieces) AS taken FROM sold
          WHERE sold.kind = 'goods' GROUP BY sold.product_id) t
    WHERE p.id = t.product_id),
  moves AS (
    INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, reference, user_id)
    SELECT p_store_id, sold.product_id, -sold.pieces, 'sale', 'SALE-' || sale.id, p_user_id
    FROM sold WHERE sold.kind = 'goods' ORDER BY sold.ord),
  written AS (
    INSERT INTO sale_items AS i (id, sale_id, store_id, sold_at, product_id, product_name,
      product_sku, product_kind, unit_type, quantity, pieces, unit_price, buying_price, total, list_price,
      discount)
    SELECT sold.id, sale.id, p_store_id, sale.created_at, sold.product_id, sold.name, sold.sku,
      sold.kind,
      sold.unit_type, sold.quantity, sold.pieces, sold.unit_price, sold.buying, sold.total,
      sold.list, sold.discount
    FROM sold
    RETURNING i.id, i.product_name, i.product_sku, i.product_kind, i.pieces, i.buying_price, i.list_price,
      i.discount)
  SELECT sale.id, to_char(sale.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    w.id, w.product_name, w.product_sku, w.pieces, w.buying_price::text, buyer.name,
    buyer.email, buyer.phone, w.list_price::text, w.discount::text, sale.discount_total::text,
    sale.discount_approved_by, w.product_kind
  FROM written w JOIN sold ON sold.id = w.id ORDER BY sold.ord;
END
$$;
--> statement-breakpoint
DROP FUNCTION unit_selling_price(text, numeric, numeric, numeric);
