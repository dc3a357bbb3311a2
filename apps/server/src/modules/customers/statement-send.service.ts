/**
 * POST /customers/{id}/statement/whatsapp and /sms (issue 21): the account statement as a
 * reminder, and the link the web app opens — wa.me to the customer's number (or the one
 * given), or sms: — the same shape and helpers as a sale receipt's link. Nothing is sent from
 * the server and nothing is recorded: the person sends it from their own phone.
 */
import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import type { StatementSend } from '@duka/shared/customers/customers.schemas';
import type { Executor } from '../../db/client';
import { getReceiptSettings } from '../receipt-settings/receipt-settings.service';
import { smsLink, waNumber, whatsappLink } from '../../lib/message-links';
import { getCustomerAccount } from './customer-accounts.service';
import { customerErrors } from './customers.errors';
import { presentCustomer } from './customers.presenters';
import { getCustomerWithDebt } from './customers.service';
import { statementText } from './statement-text';

export async function sendStatement(
  db: Executor,
  storeId: number,
  customerId: number,
  channel: ReceiptChannel,
  phoneOverride: string | undefined,
): Promise<StatementSend> {
  const customer = presentCustomer(await getCustomerWithDebt(db, storeId, customerId));
  if (customer.is_walk_in) throw customerErrors.walkInAccount();
  const phone = phoneOverride ?? customer.phone;
  if (!phone) throw customerErrors.noPhone();
  const account = await getCustomerAccount(db, storeId, customerId);
  const text = statementText(customer, account.entries, await getReceiptSettings(db, storeId));
  return {
    channel,
    phone: waNumber(phone),
    text,
    link: channel === 'whatsapp' ? whatsappLink(phone, text) : smsLink(phone, text),
  };
}
