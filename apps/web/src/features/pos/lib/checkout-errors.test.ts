import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { changeLanguage, i18n } from '@/lib/i18n';
import { mpesaPaymentRefusal } from './checkout-errors';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('mpesaPaymentRefusal (issue 23)', () => {
  const used = new ApiRequestError({
    status: 409,
    message: 'This M-Pesa payment is already used by sale #42',
    code: 'sale.mpesa_payment_used',
  });
  const short = new ApiRequestError({
    status: 400,
    message: 'Invalid input',
    code: 'sale.mpesa_payment_short',
    errors: [
      {
        path: 'mpesa_payment_id',
        message: 'This M-Pesa payment is KSh 120.00, less than this part',
      },
    ],
  });

  it("says the refusals that carry a number in the reader's language, the number kept", async () => {
    await i18n.loadNamespaces('pos');
    expect(mpesaPaymentRefusal(used)).toBe('This M-Pesa payment is already used by sale #42');
    expect(mpesaPaymentRefusal(short)).toBe(
      'This M-Pesa payment is KSh 120.00, less than this part',
    );
    await act(() => changeLanguage('sw'));
    await i18n.loadNamespaces('pos');
    expect(mpesaPaymentRefusal(used)).toBe('Malipo haya ya M-Pesa tayari yametumika kwa mauzo #42');
    expect(mpesaPaymentRefusal(short)).toBe(
      'Malipo haya ya M-Pesa ni KSh 120.00, chini ya sehemu hii',
    );
    await act(() => changeLanguage('fr'));
    await i18n.loadNamespaces('pos');
    expect(mpesaPaymentRefusal(used)).toBe(
      'Ce paiement M-Pesa est déjà utilisé par la vente n° 42',
    );
  });

  it('leaves other errors to the checkout', () => {
    expect(mpesaPaymentRefusal(new ApiRequestError({ status: 500, message: 'Server Error' }))).toBe(
      null,
    );
    expect(mpesaPaymentRefusal(new Error('offline'))).toBe(null);
  });
});
