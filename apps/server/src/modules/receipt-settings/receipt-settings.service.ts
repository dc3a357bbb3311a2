/**
 * A store's receipt settings (spec §3, §7; PRODUCT.md §4b). A store that never saved reads the
 * spec's defaults; saving writes the one row of the store (insert or update).
 */
import {
  RECEIPT_DEFAULTS,
  type ReceiptSettings,
  type ReceiptSettingsInput,
} from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { presentReceiptSettings } from './receipt-settings.presenters';
import { receiptSettings } from './receipt-settings.table';

export async function getReceiptSettings(db: Executor, storeId: number): Promise<ReceiptSettings> {
  const [row] = await db
    .select()
    .from(receiptSettings)
    .where(eq(receiptSettings.storeId, storeId))
    .limit(1);
  return row ? presentReceiptSettings(row) : { ...RECEIPT_DEFAULTS };
}

export async function saveReceiptSettings(
  db: Executor,
  storeId: number,
  input: ReceiptSettingsInput,
): Promise<ReceiptSettings> {
  const values = {
    businessName: input.business_name,
    address: input.address,
    phone: input.phone,
    email: input.email,
    website: input.website,
    thankYouMessage: input.thank_you_message,
    showLogo: input.show_logo,
    kraPin: input.kra_pin,
    mpesaTill: input.mpesa_till,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(receiptSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: receiptSettings.storeId, set: values })
    .returning();
  return presentReceiptSettings(row!);
}
