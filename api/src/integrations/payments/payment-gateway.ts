/** A payment as the verifier sees it (PortOne v1's payment object, the fields we use). */
export interface GatewayPayment {
  impUid: string;
  merchantUid: string;
  /** KRW */
  amount: number;
  /** PortOne: ready | paid | cancelled | failed */
  status: string;
  payMethod: string | null;
}

/** Something that can tell whether a payment really happened, and undo it. */
export interface PaymentGateway {
  readonly kind: 'portone' | 'test';
  /** null when the gateway knows no such payment. Throws PaymentGatewayError when it cannot be asked. */
  getPayment(impUid: string): Promise<GatewayPayment | null>;
  /** Refund the whole payment. Throws PaymentGatewayError when it could not. */
  cancel(impUid: string, reason: string): Promise<void>;
}

/** The gateway could not be reached or refused us (not "the payment is bad"). */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}
