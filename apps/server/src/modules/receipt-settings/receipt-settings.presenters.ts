/** A store's receipt settings as the API answers them (spec §3, §7). */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { ReceiptSettingsRow } from './receipt-settings.table';

export function presentReceiptSettings(row: ReceiptSettingsRow): ReceiptSettings {
  return {
    business_name: row.businessName,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    thank_you_message: row.thankYouMessage,
    show_logo: row.showLogo,
    kra_pin: row.kraPin,
    mpesa_till: row.mpesaTill,
  };
}
