/** The till's shift dialogs: open one, a pay-in or pay-out, the X report, closing it. */
export type ShiftAction = 'open' | 'pay_in' | 'pay_out' | 'x' | 'close';
