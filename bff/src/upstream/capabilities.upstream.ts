import { z } from 'zod';
import type { UpstreamClient } from './client';

/** What our api announces at GET /api/capabilities (the legacy Spring service has no such route). */
const CapabilitiesSchema = z.object({ breedPrediction: z.boolean() });

/** Asks the upstream what it can do: undefined when it announces nothing (the legacy), null when it failed. */
export const capabilitiesUpstream = (client: UpstreamClient) => ({
  async breedPrediction(): Promise<boolean | undefined | null> {
    let res;
    try {
      res = await client.request('GET', '/api/capabilities');
    } catch {
      return null;
    }
    if (res.status >= 500) return null;
    const parsed = res.status === 200 ? CapabilitiesSchema.safeParse(res.json) : null;
    return parsed?.success ? parsed.data.breedPrediction : undefined;
  },
});
