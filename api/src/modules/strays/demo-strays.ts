import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { PetStatus } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { uploadUrl } from '../../integrations/storage';

interface DemoStray {
  name: string;
  status: PetStatus;
  description: string;
  /** The description an earlier seed used: such a row is renamed and rewritten instead of seeded again. */
  formerDescription?: string;
  location: string;
  type: string | null;
  gender: 'MALE' | 'FEMALE';
  latitude: number;
  longitude: number;
  daysAgo: number;
  foundTime: string;
  fur: string;
  ear: string;
  background: string;
  /** WAITING needs an open application, ADOPT an approved one (the demo member's). */
  application?: 'REQUESTED' | 'APPROVED';
}

// Each has the name the shelter gave it and a description the way finders and
// shelters write them: where, what it looked like, how it behaved, its health.
const DEMO_STRAYS: DemoStray[] = [
  {
    name: '여름이',
    status: 'LOST',
    description:
      '여의도 한강공원 편의점 앞에서 혼자 떨고 있던 갈색 단모 믹스견이에요. 5kg 정도로 작고 빨간 목줄을 하고 있는데 인식표는 없었어요. 부르면 꼬리를 흔들며 다가와서 잃어버린 반려견 같아요.',
    formerDescription: '여의도 한강공원 편의점 앞에서 혼자 떨고 있었어요. 빨간 목줄을 하고 있어요.',
    location: '서울특별시',
    type: null,
    gender: 'MALE',
    latitude: 37.5284,
    longitude: 126.9327,
    daysAgo: 1,
    foundTime: '18:40',
    fur: '#c8894b',
    ear: '#8a5a2b',
    background: '#f3e6d3',
  },
  {
    name: '설기',
    status: 'PROTECTING',
    description:
      '수원 화성 서장대 산책로에서 며칠째 보인다는 신고로 구조한 하얀 진돗개예요. 세 살쯤 된 암컷이고 중성화는 되어 있지 않아요. 처음에는 경계했지만 지금은 봉사자 손을 먼저 핥을 만큼 순해요.',
    formerDescription: '수원 화성 산책로에서 발견한 하얀 진돗개예요. 사람을 잘 따르고 얌전해요.',
    location: '경기도',
    type: '진돗개',
    gender: 'FEMALE',
    latitude: 37.2871,
    longitude: 127.0119,
    daysAgo: 4,
    foundTime: '07:20',
    fur: '#f5f1e8',
    ear: '#d8cfc0',
    background: '#dbeafe',
  },
  {
    name: '모카',
    status: 'PROTECTING',
    description:
      '해운대 해수욕장 화장실 옆을 떠돌던 갈색 토이 푸들이에요. 털이 심하게 엉켜 있어 미용부터 했고, 피부병 치료를 받고 있어요. 내장칩은 없었어요. 산책을 좋아하고 다른 개와도 잘 지내요.',
    formerDescription: '해운대 해수욕장 근처를 떠돌던 갈색 푸들이에요. 털이 많이 엉켜 있었어요.',
    location: '부산광역시',
    type: '푸들',
    gender: 'MALE',
    latitude: 35.1587,
    longitude: 129.1604,
    daysAgo: 6,
    foundTime: '13:05',
    fur: '#9b6a3c',
    ear: '#6e4824',
    background: '#dcfce7',
  },
  {
    name: '까망이',
    status: 'WAITING',
    description:
      '춘천 소양강 스카이워크 주차장 화단에서 구조한 검은 믹스견이에요. 12kg 중형견으로 한쪽 귀가 접혀 있어요. 예방접종을 마쳤고 배변은 실외에서 가려요. 지금 입양 상담이 진행 중이에요.',
    formerDescription: '춘천 소양강 스카이워크 주차장에서 구조한 검은 믹스견이에요.',
    location: '강원도',
    type: '믹스견',
    gender: 'FEMALE',
    latitude: 37.8927,
    longitude: 127.7234,
    daysAgo: 10,
    foundTime: '16:50',
    fur: '#3b3b3b',
    ear: '#1f1f1f',
    background: '#fef3c7',
    application: 'REQUESTED',
  },
  {
    name: '단풍이',
    status: 'ADOPT',
    description:
      '전주 한옥마을 골목 식당가에서 밥을 얻어먹던 시바견이에요. 겁이 많아 구조에 일주일이 걸렸지만, 보호소에서 사람 품에 안기는 법을 배웠어요. 전주에 사는 새 가족을 만났어요.',
    formerDescription: '전주 한옥마을 골목에서 발견한 시바견이에요. 새 가족을 만났어요.',
    location: '전라북도',
    type: '시바견',
    gender: 'MALE',
    latitude: 35.8151,
    longitude: 127.1531,
    daysAgo: 21,
    foundTime: '10:15',
    fur: '#d9823b',
    ear: '#b5652a',
    background: '#fce7f3',
    application: 'APPROVED',
  },
];

/** A simple drawn dog face (no network, no stock photos): different colours per demo stray. */
export function demoDogPhoto(d: Pick<DemoStray, 'fur' | 'ear' | 'background'>): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <rect width="640" height="480" fill="${d.background}"/>
  <ellipse cx="320" cy="430" rx="200" ry="60" fill="${d.fur}" opacity="0.6"/>
  <ellipse cx="215" cy="180" rx="55" ry="95" fill="${d.ear}" transform="rotate(-20 215 180)"/>
  <ellipse cx="425" cy="180" rx="55" ry="95" fill="${d.ear}" transform="rotate(20 425 180)"/>
  <circle cx="320" cy="250" r="140" fill="${d.fur}"/>
  <ellipse cx="320" cy="310" rx="70" ry="52" fill="#fffaf0" opacity="0.85"/>
  <circle cx="270" cy="225" r="16" fill="#222"/><circle cx="370" cy="225" r="16" fill="#222"/>
  <circle cx="275" cy="219" r="5" fill="#fff"/><circle cx="375" cy="219" r="5" fill="#fff"/>
  <ellipse cx="320" cy="290" rx="26" ry="18" fill="#222"/>
  <path d="M300 322 Q320 342 340 322" stroke="#222" stroke-width="6" fill="none" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

const dateDaysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo strays in every status, reported by the demo member, with drawn photos.
 * Idempotent: a stray whose description already exists is skipped (under the
 * migration lock, so instances starting together do not both insert).
 */
export async function seedDemoStrays(ctx: ApiContext, log: FastifyBaseLogger, users: { demoPk: number }): Promise<void> {
  await ctx.database.withLock(async () => {
    let added = 0;
    for (const d of DEMO_STRAYS) {
      const exists = await ctx.db.selectFrom('strayReports').select('id').where('description', '=', d.description).executeTakeFirst();
      if (exists) continue;
      if (d.formerDescription) {
        const updated = await ctx.db
          .updateTable('strayReports')
          .set({ name: d.name, description: d.description })
          .where('description', '=', d.formerDescription)
          .where('name', 'is', null)
          .executeTakeFirst();
        if (updated.numUpdatedRows > 0n) continue;
      }
      const key = await ctx.storage.put(await demoDogPhoto(d), 'jpg');
      try {
        await ctx.db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto('strayReports')
            .values({
              reporterPk: users.demoPk,
              latitude: d.latitude,
              longitude: d.longitude,
              imageUrl: uploadUrl(key),
              gender: d.gender,
              description: d.description,
              location: d.location,
              type: d.type,
              name: d.name,
              foundDate: dateDaysAgo(d.daysAgo),
              foundTime: d.foundTime,
              status: d.status,
              registeredAt: d.status === 'LOST' ? null : new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (d.application) {
            const decided = d.application === 'APPROVED' ? new Date() : null;
            await tx
              .insertInto('adoptionApplications')
              .values({ strayId: row.id, applicantPk: users.demoPk, adoptStatus: d.application, approvedAt: decided, decidedAt: decided })
              .execute();
          }
        });
        added += 1;
      } catch (err) {
        await ctx.storage.delete(key);
        throw err;
      }
    }
    if (added > 0) log.info({ added }, 'demo strays seeded');
  });
}
