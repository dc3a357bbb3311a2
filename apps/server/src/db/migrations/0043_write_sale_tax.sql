-- VAT and KRA eTIMS (issue 26, decisions/0017): write_sale (0040's body otherwise) now
--   * writes the customer's rows (points, a KRA PIN given for one who had none, the credit
--     balance) before the sale's row, whose insert takes the store's gap-free invoice number
--     (trigger sales_invoice_no, 0042) and holds it to the commit — after it, only the sale's own
--     rows are written, so a sale holding the number never waits on a customer another sale
--     holds while it queues for the number (no deadlock, and the store's queue is short);
--   * keeps the buyer's KRA PIN on the sale (given, else a named customer's own);
--   * answers the invoice number, the delivery fee's VAT, each line's tax letter and VAT (set by
--     the triggers of 0042), the buyer's and the store's KRA PIN and whether the store sends to
--     eTIMS — the answer changes, so the function is dropped and made again.
DROP FUNCTION write_sale(jsonb);
--> statement-breakpoint
CREATE FUNCTION write_sale(p_sale jsonb)
RETURNS TABLE (sale_id integer, created_at text, line_id integer, product_name text,
  product_sku text, pieces integer, buying_price text, customer_name text,
  customer_email text, customer_phone text, list_price text, discount text,
  discount_total text, discount_approved_by integer, product_kind text,
  payment_ids integer[], balance_due text, payment_status text, received_at text,
  needs_review boolean, review_reasons jsonb, mpesa_verified boolean, sale_mpesa_code text,
  payment_mpesa_ids integer[], payment_codes text[], shift_id integer, invoice_no integer,
  delivery_tax text, tax_type text, tax_amount text, buyer_kra_pin text, store_kra_pin text,
  etims_registered boolean)
LANGUAGE plpgsql
-- Every statement here finds its rows by key; a plan made once serves every sale (a plan made
-- for each call's values cost more than the statement).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  p_store_id integer := (p_sale->>'store_id')::integer;
  p_customer_id integer := (p_sale->>'customer_id')::integer;
  p_user_id integer := (p_sale->>'user_id')::integer;
  p_total numeric := (p_sale->>'total')::numeric;
  p_sold_at timestamptz := (p_sale->>'sold_at')::timestamptz;
  -- The demo seed's back-dated sales say created_at; a device's, sold_at.
  p_created_at timestamptz := coalesce(p_sold_at, (p_sale->>'created_at')::timestamptz);
  p_offline boolean := coalesce((p_sale->>'offline')::boolean, false);
  max_age integer;
  reasons jsonb := '[]';
  p_capped boolean := coalesce((p_sale->>'capped')::boolean, false);
  p_approved_by integer := (p_sale->>'approved_by')::integer;
  p_product_ids integer[];
  p_unit_types text[];
  p_quantities integer[];
  p_unit_prices numeric[];
  p_totals numeric[];
  pay_methods text[];
  pay_amounts numeric[];
  pay_codes text[];
  pay_ids integer[];
  has_mpesa boolean;
  -- Issue 23: per M-Pesa part (in the parts' order) its ordinal, amount, the payment it named,
  -- and the payment found (by id, else by the typed code) with what it holds.
  m_ords integer[];
  m_amounts numeric[];
  m_named integer[];
  m_found integer[];
  m_status text[];
  m_paid numeric[];
  m_receipts text[];
  m_sales integer[];
  receives boolean;
  link_ids integer[] := '{}';
  linked integer[] := '{}';
  verified boolean;
  sale_code text := p_sale->>'mpesa_code';
  k integer;
  parts_sum numeric;
  credit numeric;
  owed numeric;
  owed_limit numeric;
  owed_after numeric;
  new_sale_id integer;
  buyer customers;
  sale sales;
  line_names text[];
  line_skus text[];
  line_kinds text[];
  line_pieces bigint[];
  line_buying numeric[];
  line_list numeric[];
  line_discounts numeric[];
  line_changes bigint[];
  discounts numeric;
  bad_line bigint;
  over_cap boolean;
  cap integer;
  approver integer;
  earned bigint;
  -- Issue 24: the seller's shift the sale joins, and whether the store requires one.
  sale_shift integer;
  needs_shift boolean;
  -- Issue 26: the buyer's KRA PIN given at the till, and the store's eTIMS registration.
  p_buyer_pin text := nullif(p_sale->>'buyer_kra_pin', '');
  store_pin text;
  etims_on boolean;
BEGIN
  -- A sale made on a device long ago is refused before anything is locked.
  IF p_sold_at IS NOT NULL THEN
    SELECT st.offline_max_age_days INTO max_age FROM stores st WHERE st.id = p_store_id;
    IF p_sold_at < coalesce((p_sale->>'checked_at')::timestamptz, now())
        - make_interval(days => max_age) THEN
      RAISE EXCEPTION 'sold_at is too old' USING ERRCODE = 'DK007', DETAIL = max_age::text;
    END IF;
  END IF;

  -- The lines and the parts read in one statement, which also adds the parts up.
  SELECT i.product_ids, i.unit_types, i.quantities, i.unit_prices, i.totals,
    pp.methods, pp.amounts, pp.codes, pp.ids, pp.has_mpesa, pp.credit, pp.parts_sum
  INTO p_product_ids, p_unit_types, p_quantities, p_unit_prices, p_totals,
    pay_methods, pay_amounts, pay_codes, pay_ids, has_mpesa, credit, parts_sum
  FROM (SELECT coalesce(array_agg((e.item->>'product_id')::integer ORDER BY e.ord), '{}')
          AS product_ids,
          coalesce(array_agg(e.item->>'unit_type' ORDER BY e.ord), '{}') AS unit_types,
          coalesce(array_agg((e.item->>'quantity')::integer ORDER BY e.ord), '{}') AS quantities,
          coalesce(array_agg((e.item->>'unit_price')::numeric ORDER BY e.ord), '{}')
            AS unit_prices,
          coalesce(array_agg((e.item->>'total')::numeric ORDER BY e.ord), '{}') AS totals
        FROM jsonb_array_elements(p_sale->'items') WITH ORDINALITY AS e (item, ord)) i,
    (SELECT coalesce(array_agg(e.part->>'method' ORDER BY e.ord), '{}') AS methods,
        coalesce(array_agg((e.part->>'amount')::numeric ORDER BY e.ord), '{}') AS amounts,
        coalesce(array_agg(e.part->>'mpesa_code' ORDER BY e.ord), '{}') AS codes,
        coalesce(array_agg((e.part->>'mpesa_payment_id')::integer ORDER BY e.ord), '{}') AS ids,
        coalesce(bool_or(e.part->>'method' = 'mpesa'), false) AS has_mpesa,
        coalesce(sum((e.part->>'amount')::numeric) FILTER (WHERE e.part->>'method' = 'credit'),
          0) AS credit,
        coalesce(sum((e.part->>'amount')::numeric), 0) AS parts_sum
      FROM jsonb_array_elements(p_sale->'payments') WITH ORDINALITY AS e (part, ord)) pp;
  -- The server adds the parts up before: parts that are not the total are its bug, not input.
  IF parts_sum <> p_total THEN
    RAISE EXCEPTION 'write_sale: the payments do not add up to the total %', p_total;
  END IF;

  SELECT * INTO buyer FROM customers c
  WHERE c.id = p_customer_id AND c.store_id = p_store_id AND c.archived_at IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'customer % is not the store''s', p_customer_id USING ERRCODE = 'DK001';
  END IF;
  IF credit > 0 AND buyer.is_walk_in THEN
    RAISE EXCEPTION 'credit needs a named customer' USING ERRCODE = 'DK006';
  END IF;

  -- Issue 24: the seller's shift in this store. Online, their open one, held FOR SHARE until
  -- the sale commits: a close (FOR UPDATE) waits for the sale, and a sale after the close finds
  -- none — so a Z report never misses its last sale. Read with the store's require_shift in one
  -- statement; with it on, no open shift refuses the sale (DK013) before anything is locked.
  -- Offline, the shift that covered the sale's time (opened before, not closed before it),
  -- and never a refusal: the goods have left the shop.
  IF p_user_id IS NOT NULL THEN
    IF p_offline THEN
      SELECT sh.id INTO sale_shift FROM shifts sh
      WHERE sh.store_id = p_store_id AND sh.user_id = p_user_id
        AND sh.opened_at <= coalesce(p_created_at, now())
        AND (sh.closed_at IS NULL OR sh.closed_at >= coalesce(p_created_at, now()))
      ORDER BY sh.opened_at DESC LIMIT 1;
    ELSE
      SELECT st.require_shift,
        (SELECT sh.id FROM shifts sh
         WHERE sh.store_id = p_store_id AND sh.user_id = p_user_id AND sh.closed_at IS NULL
         FOR SHARE)
      INTO needs_shift, sale_shift
      FROM stores st WHERE st.id = p_store_id;
      IF sale_shift IS NULL AND needs_shift THEN
        RAISE EXCEPTION 'the store requires an open shift' USING ERRCODE = 'DK013';
      END IF;
    END IF;
  END IF;

  -- The sale's products locked in id order (two tills never deadlock), before their stock is read.
  PERFORM FROM products p WHERE p.id = ANY (p_product_ids) AND p.store_id = p_store_id
  ORDER BY p.id FOR UPDATE;

  -- Issue 23: the M-Pesa parts' payments, found by the id a part names or else by its typed
  -- code among this store's payments, locked in id order (after the products, as every sale
  -- does), with whether the store receives confirmations — one statement, and none at all
  -- for a sale without an M-Pesa part.
  IF has_mpesa THEN
    WITH part AS (
      SELECT l.ord, l.amount, l.code, l.named
      FROM unnest(pay_methods, pay_amounts, pay_codes, pay_ids) WITH ORDINALITY
        AS l (method, amount, code, named, ord)
      WHERE l.method = 'mpesa'),
    locked AS (
      SELECT mp.id, mp.status, mp.amount, mp.mpesa_receipt, mp.sale_id
      FROM mpesa_payments mp
      WHERE mp.store_id = p_store_id
        AND (mp.id IN (SELECT part.named FROM part)
          OR mp.mpesa_receipt IN (SELECT part.code FROM part WHERE part.named IS NULL))
      ORDER BY mp.id
      FOR UPDATE)
    SELECT array_agg(part.ord::integer ORDER BY part.ord), array_agg(part.amount ORDER BY part.ord),
      array_agg(part.named ORDER BY part.ord), array_agg(locked.id ORDER BY part.ord),
      array_agg(locked.status ORDER BY part.ord), array_agg(locked.amount ORDER BY part.ord),
      array_agg(locked.mpesa_receipt ORDER BY part.ord),
      array_agg(locked.sale_id ORDER BY part.ord),
      (SELECT s.c2b_registered_at IS NOT NULL FROM store_mpesa_settings s
       WHERE s.store_id = p_store_id)
    INTO m_ords, m_amounts, m_named, m_found, m_status, m_paid, m_receipts, m_sales, receives
    FROM part LEFT JOIN locked ON CASE WHEN part.named IS NOT NULL THEN locked.id = part.named
      ELSE locked.mpesa_receipt = part.code END;
    link_ids := array_fill(NULL::integer, ARRAY[array_length(pay_methods, 1)]);
    FOR k IN 1 .. array_length(m_ords, 1) LOOP
      IF m_found[k] IS NULL THEN
        IF m_named[k] IS NOT NULL THEN
          RAISE EXCEPTION 'M-Pesa payment % is not the store''s', m_named[k]
            USING ERRCODE = 'DK008', DETAIL = m_ords[k]::text;
        END IF;
        CONTINUE;
      END IF;
      IF m_status[k] <> 'paid' THEN
        RAISE EXCEPTION 'M-Pesa payment % is not paid', m_found[k]
          USING ERRCODE = 'DK009', DETAIL = m_ords[k]::text;
      END IF;
      IF m_sales[k] IS NOT NULL THEN
        RAISE EXCEPTION 'M-Pesa payment % is already used', m_found[k]
          USING ERRCODE = 'DK010', DETAIL = m_sales[k]::text;
      END IF;
      IF m_paid[k] < m_amounts[k] THEN
        RAISE EXCEPTION 'M-Pesa payment % is less than the part', m_found[k]
          USING ERRCODE = 'DK011', DETAIL = m_ords[k]::text || ':' || m_paid[k]::text;
      END IF;
      IF m_found[k] = ANY (linked) THEN
        RAISE EXCEPTION 'M-Pesa payment % pays two parts', m_found[k]
          USING ERRCODE = 'DK012', DETAIL = m_ords[k]::text;
      END IF;
      linked := linked || m_found[k];
      link_ids[m_ords[k]] := m_found[k];
      pay_codes[m_ords[k]] := m_receipts[k];
    END LOOP;
    sale_code := pay_codes[m_ords[1]];
    verified := CASE WHEN cardinality(linked) = cardinality(m_ords) THEN true
      WHEN coalesce(receives, false) THEN false END;
  END IF;

  -- Each line's pieces, the buying and the list price of its unit, and its discount, in the
  -- lines' order; the discounts added up and the stock ledger's changes; and the first line
  -- whose product is not the store's, or not active in an online sale (DK002), in the same
  -- statement. (Offline, a product deactivated since is a reason for review below.)
  SELECT min(l.ord) FILTER (WHERE p.id IS NULL OR (NOT p.is_active AND NOT p_offline)) - 1,
    array_agg(p.name ORDER BY l.ord), array_agg(p.sku ORDER BY l.ord),
    array_agg(p.kind ORDER BY l.ord),
    -- In bigint: a big quantity of big packs is too little stock (409), not an overflow.
    array_agg(l.quantity::bigint * pieces_per_unit(l.unit_type, p.pack_size) ORDER BY l.ord),
    array_agg(unit_buying_price(l.unit_type, p.pack_size, p.piece_buying_price,
      p.pack_buying_price, p.dozen_buying_price) ORDER BY l.ord),
    array_agg(unit_selling_price(l.unit_type, p.pack_size, p.piece_selling_price,
      p.pack_selling_price, p.dozen_selling_price) ORDER BY l.ord),
    array_agg(line_discount(unit_selling_price(l.unit_type, p.pack_size,
      p.piece_selling_price, p.pack_selling_price, p.dozen_selling_price), l.quantity,
      l.total) ORDER BY l.ord),
    coalesce(sum(line_discount(unit_selling_price(l.unit_type, p.pack_size,
      p.piece_selling_price, p.pack_selling_price, p.dozen_selling_price), l.quantity,
      l.total)), 0),
    array_agg(-(l.quantity::bigint * pieces_per_unit(l.unit_type, p.pack_size)) ORDER BY l.ord)
  INTO bad_line, line_names, line_skus, line_kinds, line_pieces, line_buying, line_list,
    line_discounts, discounts, line_changes
  FROM unnest(p_product_ids, p_unit_types, p_quantities, p_totals) WITH ORDINALITY
    AS l (product_id, unit_type, quantity, total, ord)
  LEFT JOIN products p ON p.id = l.product_id AND p.store_id = p_store_id;
  IF bad_line IS NOT NULL THEN
    RAISE EXCEPTION 'a product of the sale is not found' USING ERRCODE = 'DK002',
      DETAIL = bad_line::text;
  END IF;

  -- An offline sale: the goods have left the shop, so a product deactivated since is named
  -- ('{name} is no longer sold'), and a product the stock cannot cover is taken below 0 and
  -- named ('Insufficient stock for {name}'), as the reasons the sale needs review — in the
  -- lines' order, a product's deactivation first — with its stock just before and the pieces
  -- this sale took (the products are locked above).
  IF p_offline THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('kind', r.kind, 'product_id', p.id,
        'product_name', p.name,
        'message', CASE r.kind WHEN 'inactive_product' THEN p.name || ' is no longer sold'
          ELSE 'Insufficient stock for ' || p.name END,
        'stock_pieces_before', p.stock_pieces, 'pieces', t.taken) ORDER BY t.first, r.rank),
      '[]')
    INTO reasons
    FROM (SELECT l.product_id, min(l.ord) AS first, sum(l.pieces) AS taken
          FROM unnest(p_product_ids, line_pieces) WITH ORDINALITY AS l (product_id, pieces, ord)
          GROUP BY l.product_id) t
    JOIN products p ON p.id = t.product_id
    CROSS JOIN LATERAL (VALUES (1, 'inactive_product', NOT p.is_active),
      (2, 'insufficient_stock', p.kind = 'goods' AND p.stock_pieces < t.taken))
      AS r (rank, kind, applies)
    WHERE r.applies;
  END IF;

  -- The stock taken through the stock ledger: the lines' pieces summed per product (a service,
  -- the delivery among them, has none), one 'sale' movement per product at the sale's time.
  -- Online, the first product in the lines' order that cannot cover them refuses the sale
  -- (DK003, DETAIL = its name); offline, it goes below 0. The sale's id is drawn first, for
  -- the movements' reference.
  new_sale_id := nextval('sales_id_seq');
  PERFORM stock_apply(p_store_id, p_product_ids, line_changes, 'sale', 'SALE-' || new_sale_id,
    p_user_id, p_offline, NULL, p_created_at);

  -- A cashier's line more than the store's cap below its list price needs a manager (after
  -- the stock: a sale that cannot be made asks no manager).
  IF p_capped THEN
    SELECT st.max_cashier_discount_percent,
      EXISTS (SELECT FROM unnest(line_list, p_quantities, p_totals) AS l (list, quantity, total)
              WHERE over_discount_cap(l.list, l.quantity, l.total,
                st.max_cashier_discount_percent))
    INTO cap, over_cap FROM stores st WHERE st.id = p_store_id;
    IF over_cap THEN
      IF p_approved_by IS NULL THEN
        RAISE EXCEPTION 'a discount over the cap' USING ERRCODE = 'DK004', DETAIL = cap::text;
      END IF;
      approver := p_approved_by;
    END IF;
  END IF;

  -- A credit part: the customer's row locked (after the products, as the points below lock
  -- it), what they owe plus this within their limit, their own or else the store's.
  IF credit > 0 THEN
    SELECT c.balance, coalesce(c.credit_limit, st.default_credit_limit) INTO owed, owed_limit
    FROM customers c JOIN stores st ON st.id = c.store_id
    WHERE c.id = buyer.id AND c.archived_at IS NULL
    FOR UPDATE OF c;
    -- Archived since it was read above: no debt on a customer no list shows.
    IF NOT FOUND THEN
      RAISE EXCEPTION 'customer % is not the store''s', p_customer_id USING ERRCODE = 'DK001';
    END IF;
    IF exceeds_credit_limit(owed, credit, owed_limit) THEN
      RAISE EXCEPTION 'credit limit exceeded' USING ERRCODE = 'DK005',
        DETAIL = owed_limit::text;
    END IF;
  END IF;

  -- Issue 26: the customer's rows are written before the sale's row, whose insert takes the
  -- store's next invoice number (a trigger, migration 0042) and holds it to the commit: after it,
  -- the sale writes only rows of its own, so a sale holding the number never waits for a
  -- customer another sale has locked while queueing for the number.
  -- A named customer earns points on the goods: not the delivery fee, nor a service's line.
  IF NOT buyer.is_walk_in THEN
    SELECT points_earned(sum(l.total * 100)::bigint, st.loyalty_points_per_100) INTO earned
    FROM unnest(p_totals, line_kinds) AS l (total, kind)
    CROSS JOIN stores st
    WHERE st.id = buyer.store_id AND l.kind = 'goods'
    GROUP BY st.loyalty_points_per_100;
    -- The points, and a KRA PIN given for a customer who had none (kept for next time).
    IF earned > 0 OR (p_buyer_pin IS NOT NULL AND buyer.kra_pin IS NULL) THEN
      UPDATE customers SET loyalty_points = loyalty_points + greatest(coalesce(earned, 0), 0),
        kra_pin = coalesce(kra_pin, p_buyer_pin)
      WHERE id = buyer.id;
    END IF;
  END IF;

  -- The credit owed, on the customer's balance (locked above).
  IF credit > 0 THEN
    UPDATE customers c SET balance = c.balance + credit, updated_at = now()
    WHERE c.id = buyer.id
    RETURNING c.balance INTO owed_after;
  END IF;

  -- Issue 26: the store's KRA PIN for the receipt and whether it sends to eTIMS (the sale's
  -- invoice is queued by a trigger, migration 0042).
  SELECT e.kra_pin, e.registered_at IS NOT NULL INTO store_pin, etims_on
  FROM store_etims_settings e WHERE e.store_id = p_store_id;

  INSERT INTO sales AS s (id, store_id, customer_id, user_id, subtotal, delivery_fee,
    total_amount, payment_method, status, payment_status, amount_paid, change_amount,
    mpesa_code, mpesa_verified, idempotency_key, request_hash, created_at, discount_total,
    discount_approved_by, balance_due, received_at, client_sale_id, offline,
    device_receipt_number, needs_review, review_reasons, shift_id, buyer_kra_pin)
  VALUES (new_sale_id, p_store_id, buyer.id, p_user_id, (p_sale->>'subtotal')::numeric,
    (p_sale->>'delivery_fee')::numeric, p_total, p_sale->>'payment_method',
    p_sale->>'status',
    CASE WHEN credit > 0 THEN 'pending' ELSE p_sale->>'payment_status' END,
    (p_sale->>'amount_paid')::numeric, (p_sale->>'change')::numeric, sale_code, verified,
    p_sale->>'idempotency_key', p_sale->>'request_hash', coalesce(p_created_at, now()),
    discounts, approver, credit,
    CASE WHEN p_sold_at IS NULL THEN coalesce(p_created_at, now()) ELSE now() END,
    p_sale->>'client_sale_id', p_offline, p_sale->>'device_receipt_number',
    jsonb_array_length(reasons) > 0, reasons, sale_shift,
    coalesce(p_buyer_pin, CASE WHEN NOT buyer.is_walk_in THEN buyer.kra_pin END))
  RETURNING s.* INTO sale;

  -- Issue 23: each linked payment paid this sale (locked above).
  IF cardinality(linked) > 0 THEN
    UPDATE mpesa_payments mp SET sale_id = sale.id WHERE mp.id = ANY (linked);
  END IF;

  -- The points' history, and the credit's line of the customer's account statement.
  IF earned > 0 THEN
    INSERT INTO loyalty_transactions (store_id, customer_id, points, kind, sale_id, user_id,
      created_at)
    VALUES (buyer.store_id, buyer.id, earned, 'earn', sale.id, p_user_id, sale.created_at);
  END IF;
  IF credit > 0 THEN
    INSERT INTO customer_account_entries (store_id, customer_id, type, amount, sale_id, method,
      balance_after, created_at)
    VALUES (buyer.store_id, buyer.id, 'credit_sale', credit, sale.id, 'credit', owed_after,
      sale.created_at);
  END IF;

  -- The parts, in the order given (their ids rise with it), at the sale's time; and the lines,
  -- answered in their order (each line's id drawn here, so the order never rests on the
  -- sequence). One statement.
  RETURN QUERY
  WITH paid AS (
    INSERT INTO sale_payments AS sp (sale_id, store_id, method, amount, mpesa_code,
      mpesa_payment_id, created_at)
    SELECT sale.id, p_store_id, l.method, l.amount, l.code, l.linked, sale.created_at
    FROM unnest(pay_methods, pay_amounts, pay_codes, link_ids) WITH ORDINALITY
      AS l (method, amount, code, linked, ord)
    ORDER BY l.ord
    RETURNING sp.id),
  sold AS (
    SELECT l.*, nextval('sale_items_id_seq')::integer AS id
    FROM unnest(p_product_ids, line_names, line_skus, line_kinds, p_unit_types, p_quantities,
      line_pieces, p_unit_prices, line_buying, p_totals, line_list, line_discounts)
      WITH ORDINALITY
      AS l (product_id, name, sku, kind, unit_type, quantity, pieces, unit_price, buying, total,
        list, discount, ord)),
  written AS (
    INSERT INTO sale_items AS i (id, sale_id, store_id, sold_at, product_id, product_name,
      product_sku, product_kind, unit_type, quantity, pieces, unit_price, buying_price, total,
      list_price, discount)
    SELECT sold.id, sale.id, p_store_id, sale.created_at, sold.product_id, sold.name, sold.sku,
      sold.kind, sold.unit_type, sold.quantity, sold.pieces, sold.unit_price, sold.buying,
      sold.total, sold.list, sold.discount
    FROM sold
    RETURNING i.id, i.product_name, i.product_sku, i.product_kind, i.pieces, i.buying_price,
      i.list_price, i.discount, i.tax_type, i.tax_amount)
  SELECT sale.id, to_char(sale.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    w.id, w.product_name, w.product_sku, w.pieces, w.buying_price::text, buyer.name,
    buyer.email, buyer.phone, w.list_price::text, w.discount::text, sale.discount_total::text,
    sale.discount_approved_by, w.product_kind,
    (SELECT coalesce(array_agg(paid.id ORDER BY paid.id), '{}') FROM paid),
    sale.balance_due::text,
    sale.payment_status,
    to_char(sale.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    sale.needs_review, sale.review_reasons, sale.mpesa_verified, sale.mpesa_code, link_ids,
    pay_codes, sale.shift_id, sale.invoice_no, sale.delivery_tax::text, w.tax_type,
    w.tax_amount::text, sale.buyer_kra_pin, store_pin, coalesce(etims_on, false)
  FROM written w JOIN sold ON sold.id = w.id ORDER BY sold.ord;
END
$$;
