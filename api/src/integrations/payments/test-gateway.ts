import crypto from 'node:crypto';
import type { GatewayPayment, PaymentGateway } from './payment-gateway';

/**
 * THE EMBEDDED TEST GATEWAY — no money moves. Stands in for PortOne when no
 * PortOne credentials are configured (development, demos, CI): the browser's
 * "테스트 결제" checkout creates a payment here and the donation service
 * verifies it exactly as it verifies a PortOne payment. It refuses to exist
 * under NODE_ENV=production, so a misconfigured production cannot accept
 * donations nobody paid for.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  private readonly payments = new Map<string, GatewayPayment>();

  constructor(env: string) {
    if (env === 'production') {
      throw new Error(
        'The embedded test payment gateway refuses to start with NODE_ENV=production: set PORTONE_API_KEY and PORTONE_API_SECRET.',
      );
    }
  }

  /** The test checkout: what IMP.request_pay would have done, approved or failed. */
  checkout(input: { merchantUid: string; amount: number; outcome: 'paid' | 'failed' }): GatewayPayment {
    const payment: GatewayPayment = {
      impUid: `imp_test_${crypto.randomBytes(8).toString('hex')}`,
      merchantUid: input.merchantUid,
      amount: input.amount,
      status: input.outcome,
      payMethod: 'card',
    };
    this.payments.set(payment.impUid, payment);
    return payment;
  }

  async getPayment(impUid: string): Promise<GatewayPayment | null> {
    const p = this.payments.get(impUid);
    return p ? { ...p } : null;
  }

  async cancel(impUid: string): Promise<void> {
    const p = this.payments.get(impUid);
    if (p) p.status = 'cancelled';
  }
}
