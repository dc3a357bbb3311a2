import { describe, expect, it } from 'vitest';
import { planPayment, type PartDraft } from './payment-parts';

let key = 0;
const part = (method: PartDraft['method'], amount: string, mpesaCode = ''): PartDraft => ({
  key: ++key,
  method,
  amount,
  mpesaCode,
});
const grace = { is_walk_in: false, balance: 1200, credit_limit: 5000 };
const walkIn = { is_walk_in: true, balance: 0, credit_limit: null };

describe('a split payment (issue 21)', () => {
  it('is ready when cash and M-Pesa make the total, and sends only the parts above 0', () => {
    const plan = planPayment(
      [part('cash', '500'), part('mpesa', '380.50', 'sft4a1b2c3'), part('credit', '')],
      88050,
      walkIn,
    );
    expect(plan).toMatchObject({ ready: true, problem: null, leftCents: 0, changeCents: 0 });
    expect(plan.parts).toEqual([
      { method: 'cash', amountCents: 50000, mpesaCode: '' },
      { method: 'mpesa', amountCents: 38050, mpesaCode: 'SFT4A1B2C3' },
    ]);
    expect(plan.paidCents).toBe(88050);
  });

  it('says what is left to pay while the parts fall short', () => {
    const plan = planPayment([part('cash', '500'), part('mpesa', '')], 88000, walkIn);
    expect(plan).toMatchObject({ ready: false, problem: 'left', leftCents: 38000 });
    expect(planPayment([part('cash', ''), part('mpesa', '0')], 88000, walkIn).problem).toBe('left');
  });

  it('gives change from the cash that covers it', () => {
    const plan = planPayment([part('cash', '1000'), part('mpesa', '380')], 88000, walkIn);
    expect(plan).toMatchObject({ ready: true, changeCents: 50000, paidCents: 138000 });
  });

  it('refuses change the cash cannot cover: change can only be given in cash', () => {
    const overMpesa = planPayment([part('cash', '100'), part('mpesa', '900')], 88000, walkIn);
    expect(overMpesa).toMatchObject({ ready: false, problem: 'changeNotCash', changeCents: 0 });
    const noCash = planPayment([part('mpesa', '500'), part('mpesa', '500')], 88000, walkIn);
    expect(noCash.problem).toBe('changeNotCash');
    const overCredit = planPayment([part('cash', '100'), part('credit', '900')], 88000, grace);
    expect(overCredit.problem).toBe('changeNotCash');
  });

  it("checks the change by the server's one rule: off the largest cash part, never all of it", () => {
    // Cash parts 300 and 500 cover 200 of change: taken off the 500.
    const two = planPayment(
      [part('cash', '300'), part('cash', '500'), part('mpesa', '400')],
      100000,
      walkIn,
    );
    expect(two).toMatchObject({ ready: true, problem: null, changeCents: 20000 });
    const over = planPayment(
      [part('cash', '300'), part('cash', '500'), part('mpesa', '400')],
      80000,
      walkIn,
    );
    expect(over).toMatchObject({ ready: true, problem: null, changeCents: 40000 });
    // A cash part as large as the change is handed back whole, as the server takes it.
    const whole = planPayment([part('cash', '100'), part('mpesa', '1000')], 100000, walkIn);
    expect(whole).toMatchObject({ ready: true, problem: null, changeCents: 10000 });
    // No one cash part covers 250 of change, though together they hold it: refused.
    const spread = planPayment(
      [part('cash', '100'), part('cash', '150'), part('mpesa', '1000')],
      100000,
      walkIn,
    );
    expect(spread).toMatchObject({ ready: false, problem: 'changeNotCash', changeCents: 0 });
  });

  it('refuses the same M-Pesa code twice', () => {
    const plan = planPayment(
      [part('mpesa', '400', 'SFT4A1B2C3'), part('mpesa', '480', 'sft4a1b2c3')],
      88000,
      walkIn,
    );
    expect(plan).toMatchObject({ ready: false, problem: 'sameCode' });
    const codeless = planPayment([part('mpesa', '400'), part('mpesa', '480')], 88000, walkIn);
    expect(codeless.ready).toBe(true);
  });
});

describe('credit (pay later)', () => {
  it('needs a named customer, never the Walk-in Customer', () => {
    expect(planPayment([part('credit', '880')], 88000, walkIn)).toMatchObject({
      ready: false,
      problem: 'creditNeedsCustomer',
    });
    expect(planPayment([part('credit', '880')], 88000, null).problem).toBe('creditNeedsCustomer');
    // A Walk-in sale that takes no credit is not held up by it.
    expect(planPayment([part('cash', '880'), part('credit', '')], 88000, walkIn).ready).toBe(true);
  });

  it("keeps within the customer's own limit, counting what they already owe", () => {
    const within = planPayment([part('cash', '80'), part('credit', '3800')], 388000, grace);
    expect(within).toMatchObject({ ready: true, creditCents: 380000, creditRoomCents: 380000 });
    const over = planPayment([part('cash', '80'), part('credit', '3800.01')], 388001, grace);
    expect(over).toMatchObject({ ready: false, problem: 'creditLimit', creditRoomCents: 380000 });
  });

  it("leaves a customer without a limit of their own to the server (the store's default)", () => {
    const plan = planPayment([part('credit', '99999')], 9999900, { ...grace, credit_limit: null });
    expect(plan).toMatchObject({ ready: true, creditRoomCents: null });
  });

  it('treats an answer without balance or limit (a server before issue 21) as no limit', () => {
    const plan = planPayment([part('credit', '880')], 88000, { is_walk_in: false });
    expect(plan.ready).toBe(true);
  });
});
