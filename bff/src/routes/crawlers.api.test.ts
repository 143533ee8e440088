import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createMember, insertStray } from '@pawbridge/api/testing/fixtures';
import { seoulToday } from '@pawbridge/shared';
import { apiMember } from '../testing/fixtures';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { expectRobots, ORIGIN, sitemapUrls } from './crawlers.suite';

// robots.txt and the sitemap in front of our api (issue 26).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;
beforeAll(async () => {
  api = await startTestApi();
  proxy = await startRecordingProxy(api.url);
  bff = await startTestBff(proxy.url, { PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await bff?.close();
  await proxy?.close();
  await api?.close();
});

const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const soon = () => new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

/** A synced shelter animal, as the sync stores it. */
const shelterRow = (desertionNo: string, status: 'OPEN' | 'ADOPTED') => ({
  desertionNo,
  kind: '믹스견',
  kindCd: null,
  color: '갈색',
  sex: 'F' as const,
  neutered: 'U' as const,
  birthYear: 2022,
  ageText: '2022(년생)',
  weightKg: 5,
  happenDate: '2026-11-10',
  happenPlace: '서울특별시 마포구',
  noticeNo: null,
  noticeStart: '2026-11-10',
  noticeEnd: soon(),
  processState: status === 'OPEN' ? '공고중' : '종료(입양)',
  status,
  specialMark: null,
  shelterName: '마포동물보호센터',
  shelterTel: null,
  shelterAddress: null,
  careRegNo: null,
  orgName: null,
  image1Url: null,
  image2Url: null,
  portalUpdatedAt: null,
  sido: '서울특별시',
  sigungu: '마포구',
});

describe('crawlers, upstream = our api', () => {
  it('robots.txt allows the public pages, keeps out the API and member screens, names the sitemap', async () => {
    await expectRobots(createClient(bff.url));
  });

  it('the sitemap lists every public stray, shelter animals in their notice and the posts; never an unreviewed report', async () => {
    const lost = await insertStray(api, { status: 'LOST' });
    const protecting = await insertStray(api, { status: 'PROTECTING' });
    const adopted = await insertStray(api, { status: 'ADOPT' });
    const author = await createMember(api, 'mapwriter');
    const post = await api.ctx.db
      .insertInto('communityPosts')
      .values({ authorPk: author.pk, postType: 'SHOW_OFF', title: '산책', strContent: '<p>오늘</p>', imgUrlContent: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.ctx.db
      .insertInto('shelterAnimals')
      .values([shelterRow('S-NOTICE', 'OPEN'), shelterRow('S-ADOPTED', 'ADOPTED')])
      .execute();
    const urls = await sitemapUrls(createClient(bff.url));
    expect(urls).toContain(`${ORIGIN}/adopt/${protecting}`);
    expect(urls).toContain(`${ORIGIN}/adopt/${adopted}`);
    expect(urls).not.toContain(`${ORIGIN}/adopt/${lost}`);
    expect(urls).toContain(`${ORIGIN}/community/${post.id}`);
    expect(urls).toContain(`${ORIGIN}/shelter/S-NOTICE`);
    expect(urls).not.toContain(`${ORIGIN}/shelter/S-ADOPTED`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('the sitemap lists the open lost-and-found posts and the board; never a hidden or closed one', async () => {
    const member = await apiMember(api, bff.url);
    const seen = async (description: string): Promise<number> => {
      const f = new FormData();
      const sighting = {
        kind: 'SEEN',
        description,
        contact: 'RELAY',
        lat: 37.5651,
        lng: 126.9895,
        address: '을지로',
        date: yesterday(),
        time: '08:00',
      };
      f.append('sighting', JSON.stringify(sighting));
      const res = await member.client.postForm('/api/lost/sightings', f);
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const open = await seen('흰 강아지를 봤어요');
    const hidden = await seen('숨길 글');
    const closed = await seen('닫힌 글');
    await api.ctx.db.updateTable('lostPosts').set({ hidden: true }).where('id', '=', hidden).execute();
    await api.ctx.db.updateTable('lostPosts').set({ status: 'CLOSED', closedAt: new Date() }).where('id', '=', closed).execute();
    const urls = await sitemapUrls(createClient(bff.url));
    expect(urls).toContain(`${ORIGIN}/lost`);
    expect(urls).toContain(`${ORIGIN}/lost/${open}`);
    expect(urls).not.toContain(`${ORIGIN}/lost/${hidden}`);
    expect(urls).not.toContain(`${ORIGIN}/lost/${closed}`);
  });
});
