/**
 * POST /sync/devices (issue 22): a device's number in its store, for the receipts it numbers
 * while offline (T3-0042). Given once: under a lock of the store's devices (a transaction-level
 * advisory lock, so two devices registering together never take the same number, and nothing
 * else of the store waits), the next number after the store's highest; the same device id
 * answers its number again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, type DeviceRow } from './sync.table';

/** The advisory lock's first key (the second is the store): taken only here. */
const DEVICE_NUMBER_LOCK = 7_420_022;

export async function registerDevice(
  db: Database,
  storeId: number,
  userId: number,
  input: { device_id: string; label?: string | undefined },
  now: Date,
): Promise<{ device: DeviceRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_NUMBER_LOCK}, ${storeId})`);
    const seen: Partial<typeof devices.$inferInsert> = { lastSeenAt: now, userId };
    if (input.label !== undefined) seen.label = input.label;
    const [known] = await tx
      .update(devices)
      .set(seen)
      .where(and(eq(devices.storeId, storeId), eq(devices.deviceId, input.device_id)))
      .returning();
    if (known) return { device: known, created: false };
    const [inserted] = await tx
      .insert(devices)
      .values({
        storeId,
        deviceId: input.device_id,
        number: sql`(select coalesce(max(${devices.number}), 0) + 1 from ${devices}
          where ${devices.storeId} = ${storeId})`,
        label: input.label ?? null,
        userId,
        createdAt: now,
        lastSeenAt: now,
      })
      .returning();
    return { device: inserted!, created: true };
  });
}
