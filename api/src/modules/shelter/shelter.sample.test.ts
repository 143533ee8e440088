import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ShelterAnimalListSchema } from '@pawbridge/shared';
import { loadApiConfig } from '../../config/env';
import { shelterConfig } from '../../config/shelter-env';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson } from '../../testing/fixtures';
import { generateSample, sampleToText } from '../../integrations/public-data/sample-generator';
import { loadSample, SAMPLE_FILE } from '../../integrations/public-data/standin';
import fs from 'node:fs';

describe('the demo: sample mode without a key', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('syncs the sample through the in-process stand-in and keeps pictures after it has stopped', async () => {
    expect(api.config.shelter).toMatchObject({ serviceKey: undefined, sampleMode: true });
    const sample = generateSample(15, 11);
    const { runId, done } = await api.app.shelterSync.start('admin', { sampleData: sample });
    await done;
    const runs = await getJson(api, `/api/shelter-animals?state=all&size=100`);
    const list = ShelterAnimalListSchema.parse(runs.json);
    expect(list).toHaveLength(15);
    const row = await api.ctx.db.selectFrom('shelterSyncRuns').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', sample: true, created: 15 });
    // The stand-in is gone (its port closed); the proxy answers from our storage.
    const withPicture = list.find((a) => a.imageUrls.length > 0)!;
    const res = await fetch(`${api.url}${withPicture.imageUrls[0]}`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('refuses sample mode in production and reads the allow-list', () => {
    const base = {
      PUBLIC_DATA_BASE_URL: 'https://portal.example',
      PUBLIC_DATA_IMAGE_HOSTS: 'a.example',
      SHELTER_SYNC_CRON: 'off',
      SHELTER_SYNC_FIRST_DAYS: 60,
    };
    expect(() => shelterConfig({ ...base, NODE_ENV: 'production', SHELTER_SAMPLE_MODE: true })).toThrow(/SHELTER_SAMPLE_MODE/);
    expect(shelterConfig({ ...base, NODE_ENV: 'production' }).sampleMode).toBe(false);
    expect(shelterConfig({ ...base, NODE_ENV: 'development' }).sampleMode).toBe(true);
    expect(shelterConfig({ ...base, NODE_ENV: 'development', PUBLIC_DATA_SERVICE_KEY: 'k' }).sampleMode).toBe(false);
    expect(loadApiConfig({ NODE_ENV: 'test', PUBLIC_DATA_IMAGE_HOSTS: ' A.example:81 , b.example ' }).shelter.imageHosts).toEqual([
      'a.example:81',
      'b.example',
    ]);
  });

  it('the committed sample is what the generator writes: 300 dogs in 17 sido, under 300 KB', () => {
    const text = fs.readFileSync(SAMPLE_FILE, 'utf8');
    expect(text).toBe(sampleToText(generateSample()));
    expect(text.length).toBeLessThan(300 * 1024);
    const sample = loadSample();
    expect(sample.animals).toHaveLength(300);
    expect(new Set(sample.animals.map((a) => sample.shelters[a.shelter]?.uprCd)).size).toBe(17);
    expect(new Set(sample.animals.map((a) => a.desertionNo)).size).toBe(300);
  });
});
