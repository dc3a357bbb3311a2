-- The offline till's sync (issue 22, decisions/0012 "Sync protocol"). A device downloads the
-- store's products and customers once, then only what changed after its cursor. Each row keeps
-- the id of the transaction that last wrote it (sync_xid, xid8): an insert by the column's
-- default, an update by the trigger sync_touch() below, so every writer (the services, the CSV
-- import, stock_apply and write_sale in SQL) is caught. A deletion leaves a tombstone with its
-- transaction's id. The cursor is the xmin of the reading snapshot, never a clock.
-- The rows already there take xid 1 (a constant default: no table rewrite); a device's first
-- download has no cursor and takes everything.
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"number" integer NOT NULL,
	"label" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_number_positive" CHECK ("devices"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sync_tombstones" (
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"sync_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_tombstones_entity_entity_id_pk" PRIMARY KEY("entity","entity_id"),
	CONSTRAINT "sync_tombstones_entity_valid" CHECK ("sync_tombstones"."entity" in ('product', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "client_customer_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sync_xid" "xid8" DEFAULT '1'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "sync_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sync_xid" "xid8" DEFAULT '1'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sync_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_tombstones" ADD CONSTRAINT "sync_tombstones_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_store_number_unique" ON "devices" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_store_device_unique" ON "devices" USING btree ("store_id","device_id");--> statement-breakpoint
CREATE INDEX "sync_tombstones_store_xid_idx" ON "sync_tombstones" USING btree ("store_id","entity","sync_xid","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_client_customer_id_unique" ON "customers" USING btree ("store_id","client_customer_id");--> statement-breakpoint
CREATE INDEX "customers_store_sync_idx" ON "customers" USING btree ("store_id","sync_xid","id");--> statement-breakpoint
CREATE INDEX "products_store_sync_idx" ON "products" USING btree ("store_id","sync_xid","id");--> statement-breakpoint
-- Every update of a product or customer marks the row with its transaction. Kept as cheap as a
-- trigger can be (one assignment, no query): checkout updates stock through it.
CREATE FUNCTION sync_touch() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.sync_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_sync_touch BEFORE UPDATE ON products
FOR EACH ROW EXECUTE FUNCTION sync_touch();
--> statement-breakpoint
CREATE TRIGGER customers_sync_touch BEFORE UPDATE ON customers
FOR EACH ROW EXECUTE FUNCTION sync_touch();
--> statement-breakpoint
-- A deleted product or customer leaves a tombstone (the entity is the trigger's argument).
CREATE FUNCTION sync_tombstone() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO sync_tombstones (entity, entity_id, store_id) VALUES (TG_ARGV[0], OLD.id, OLD.store_id)
  ON CONFLICT (entity, entity_id) DO UPDATE SET sync_xid = pg_current_xact_id(), deleted_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_sync_tombstone AFTER DELETE ON products
FOR EACH ROW EXECUTE FUNCTION sync_tombstone('product');
--> statement-breakpoint
CREATE TRIGGER customers_sync_tombstone AFTER DELETE ON customers
FOR EACH ROW EXECUTE FUNCTION sync_tombstone('customer');
--> statement-breakpoint
-- A product's first photo is its thumbnail on the device: adding, removing or reordering
-- photos marks the product. (A product deleted with its photos is no longer there to mark.)
CREATE FUNCTION product_images_sync_touch() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE products SET sync_xid = pg_current_xact_id()
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_sync_touch AFTER INSERT OR UPDATE OR DELETE ON product_images
FOR EACH ROW EXECUTE FUNCTION product_images_sync_touch();
--> statement-breakpoint
-- A product carries its category's name to the device: renaming a category marks its products.
CREATE FUNCTION categories_sync_touch() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE products SET sync_xid = pg_current_xact_id()
  WHERE store_id = NEW.store_id AND category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_sync_touch AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION categories_sync_touch();
