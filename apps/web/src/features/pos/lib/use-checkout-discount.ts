import { useState } from 'react';

export type CartDiscountMode = 'amount' | 'percent';

/** A whole-cart discount as the checkout's fields hold it. */
export interface CartDiscountInput {
  mode: CartDiscountMode;
  /** As typed. */
  text: string;
}

/** What the checkout needs to know of the discount to total and send the sale. */
export interface DiscountSummary {
  cartDiscountCents: number;
  discountTotalCents: number;
  capPercent: number | null;
  /** The cap this sale goes beyond (a cashier's), else null. */
  approvalCap: number | null;
}

const NO_DISCOUNT: DiscountSummary = {
  cartDiscountCents: 0,
  discountTotalCents: 0,
  capPercent: null,
  approvalCap: null,
};

/**
 * The checkout's discount state (issue 20): the whole-cart discount as typed, what the
 * discount fields worked out of it (CartDiscountFields, loaded with the checkout), and the
 * Manager approval dialog with the server's last refusal.
 */
export function useCheckoutDiscount() {
  const [input, setInput] = useState<CartDiscountInput>({ mode: 'amount', text: '' });
  const [summary, setSummary] = useState<DiscountSummary>(NO_DISCOUNT);
  const [approval, setApproval] = useState<{ open: boolean; error: string | null }>({
    open: false,
    error: null,
  });
  return {
    input,
    setInput,
    ...summary,
    setSummary,
    approval,
    /** Opens the Manager approval dialog, with the last refusal if there was one. */
    askApproval: (error: string | null) => setApproval({ open: true, error }),
    closeApproval: () => setApproval({ open: false, error: null }),
  };
}
