/**
 * The PortOne (Iamport v1) browser SDK, loaded only when a donation needs it
 * (the only place the SPA adds an external script). The BFF's CSP allows its origin.
 */
export const PORTONE_SDK_URL = 'https://cdn.iamport.kr/v1/iamport.js';

/** The fields of IMP.request_pay we use (PortOne v1). */
export interface PortOnePayRequest {
  pay_method: 'card';
  merchant_uid: string;
  amount: number;
  name: string;
  buyer_email?: string;
  buyer_name?: string;
}

/** IMP.request_pay's callback argument (v1): `success` is absent for some PGs, `error_code` then tells. */
export interface PortOnePayResponse {
  success?: boolean;
  imp_uid?: string | null;
  merchant_uid?: string;
  error_code?: string | null;
  error_msg?: string | null;
}

export interface PortOneSdk {
  init(merchantCode: string): void;
  request_pay(params: PortOnePayRequest, callback: (rsp: PortOnePayResponse) => void): void;
}

declare global {
  interface Window {
    IMP?: PortOneSdk;
  }
}

let loading: Promise<PortOneSdk> | null = null;

/** Resolves with window.IMP once the script is in; rejects when it cannot be loaded (a later call tries again). */
export function loadPortOne(doc: Document = document): Promise<PortOneSdk> {
  if (window.IMP) return Promise.resolve(window.IMP);
  loading ??= new Promise<PortOneSdk>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = PORTONE_SDK_URL;
    script.async = true;
    script.onload = () => (window.IMP ? resolve(window.IMP) : reject(new Error('IMP missing')));
    script.onerror = () => {
      script.remove();
      reject(new Error('PortOne SDK failed to load'));
    };
    doc.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** IMP.request_pay as a promise. */
export function requestPay(imp: PortOneSdk, params: PortOnePayRequest): Promise<PortOnePayResponse> {
  return new Promise((resolve) => imp.request_pay(params, resolve));
}

/** Whether a request_pay answer is an approved payment. */
export const isPaid = (rsp: PortOnePayResponse): boolean => (rsp.success ?? !rsp.error_code) === true && Boolean(rsp.imp_uid);
