import type { ApiConfig } from '../../config/env';
import type { PaymentGateway } from './payment-gateway';
import { PortOneClient } from './portone-client';
import { TestPaymentGateway } from './test-gateway';

export * from './payment-gateway';
export { PortOneClient } from './portone-client';
export { TestPaymentGateway } from './test-gateway';

/** PortOne when its REST credentials are set; otherwise the embedded test gateway (which refuses production). */
export function createPaymentGateway(config: Pick<ApiConfig, 'env' | 'portone'>): PaymentGateway {
  if (config.portone)
    return new PortOneClient({ apiUrl: config.portone.apiUrl, apiKey: config.portone.apiKey, apiSecret: config.portone.apiSecret });
  return new TestPaymentGateway(config.env);
}
