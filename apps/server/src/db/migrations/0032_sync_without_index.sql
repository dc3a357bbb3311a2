-- Issue 22: no index on sync_xid (decisions/0012, "Sync protocol"). The trigger sync_touch()
-- gives every updated product and customer its transaction's id; with that column indexed, a
-- sale's stock update (and a named customer's points) could no longer be a HOT update and wrote
-- a new entry into each of the table's indexes, the trigram one included (about a quarter off
-- an UPDATE of one product's stock, measured with pgbench). A device's delta reads the store's
-- rows and filters them instead: tens of milliseconds for 50,000 products, within its 100 ms.
DROP INDEX "customers_store_sync_idx";--> statement-breakpoint
DROP INDEX "products_store_sync_idx";