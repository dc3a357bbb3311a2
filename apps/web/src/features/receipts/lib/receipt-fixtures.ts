/** Test data: receipt settings as the server answers them. */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';

export const SETTINGS: ReceiptSettings = {
  business_name: 'Mama Mboga Duka',
  address: 'Moi Avenue, Nairobi',
  phone: '0722 000 111',
  email: 'duka@example.co.ke',
  website: 'https://duka.example.co.ke',
  thank_you_message: 'Asante kwa kununua!',
  show_logo: true,
  kra_pin: 'P051234567X',
  mpesa_till: '522533',
};
