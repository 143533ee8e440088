import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy';
import { startTestBff, type TestBff } from './test-bff';

/** Our api, a proxy that records what reached it, and a BFF in front of the proxy (the `*.api.test.ts` files' stack). */
export interface BffOnApi {
  api: TestApi;
  proxy: RecordingProxy;
  bff: TestBff;
}

export async function startBffOnApi(apiEnv: Record<string, string> = {}): Promise<BffOnApi> {
  const api = await startTestApi(apiEnv);
  const proxy = await startRecordingProxy(api.url);
  const bff = await startTestBff(proxy.url);
  return { api, proxy, bff };
}

/** Closes what started, outermost first (also after a start that failed half-way). */
export async function closeBffOnApi(stack: Partial<BffOnApi>): Promise<void> {
  await stack.bff?.close();
  await stack.proxy?.close();
  await stack.api?.close();
}
