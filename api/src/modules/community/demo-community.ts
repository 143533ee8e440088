import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { PostType } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import type { SeedUsers } from '../../scripts/seed-data';
import { CommunityService } from './community.service';

interface DemoPost {
  by: 'demo' | 'admin';
  postType: PostType;
  title: string;
  html: string;
  /** Background and accent of a drawn cover, or none. */
  cover?: [string, string];
  comments: { by: 'demo' | 'admin'; content: string }[];
  likedBy: ('demo' | 'admin')[];
}

const DEMO_POSTS: DemoPost[] = [
  {
    by: 'admin',
    postType: 'TEMP_PROTECT',
    title: '임시보호 가정을 찾습니다 (진돗개 믹스, 2살)',
    html: '<p>지난주 <strong>수원 광교호수공원</strong> 근처에서 구조한 아이예요. 사람을 아주 좋아하고 배변도 잘 가립니다.</p><ul><li>기간: 입양 가족을 찾을 때까지 (약 한 달)</li><li>사료와 병원비는 포브리지에서 지원합니다</li></ul><p>관심 있으신 분은 댓글 남겨 주세요.</p>',
    cover: ['#9fd3c7', '#d9a066'],
    comments: [{ by: 'demo', content: '주말에만 가능한데 혹시 단기 임시보호도 될까요?' }],
    likedBy: ['demo'],
  },
  {
    by: 'demo',
    postType: 'SHOW_OFF',
    title: '콩이가 처음으로 앉아를 해냈어요!',
    html: '<p>간식 앞에서만 하긴 하지만… 그래도 <em>첫 성공</em>이에요!</p><p>다음 목표는 <strong>기다려</strong>입니다. 훈련 팁 있으면 알려 주세요!</p>',
    cover: ['#f6c89f', '#fbf7f0'],
    comments: [{ by: 'admin', content: '축하해요! 짧게 자주 연습하는 게 제일 좋아요.' }],
    likedBy: ['admin'],
  },
  {
    by: 'demo',
    postType: 'SHOW_OFF',
    title: '하루랑 한강 산책 다녀왔습니다',
    html: '<p>날씨가 좋아서 한강까지 걸어갔다 왔어요. 하루는 비둘기만 보면 신이 납니다.</p><blockquote>산책 후 발 닦기는 여전히 전쟁…</blockquote>',
    comments: [],
    likedBy: [],
  },
];

function cover(bg: string, fur: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${bg}"/>
  <ellipse cx="320" cy="230" rx="130" ry="120" fill="${fur}"/><circle cx="275" cy="210" r="14" fill="#2b2118"/><circle cx="365" cy="210" r="14" fill="#2b2118"/>
  <ellipse cx="320" cy="262" rx="24" ry="17" fill="#2b2118"/><ellipse cx="200" cy="170" rx="45" ry="85" fill="${fur}" transform="rotate(25 200 170)"/>
  <ellipse cx="440" cy="170" rx="45" ry="85" fill="${fur}" transform="rotate(-25 440 170)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A few posts with comments and likes for the demo board; skipped when their titles are already there (idempotent). */
export async function seedDemoCommunity(ctx: ApiContext, log: FastifyBaseLogger, users: SeedUsers): Promise<void> {
  const service = new CommunityService(ctx, log);
  const pk = (who: 'demo' | 'admin') => (who === 'demo' ? users.demoPk : users.adminPk);
  for (const demo of DEMO_POSTS) {
    const exists = await ctx.db
      .selectFrom('communityPosts')
      .select('id')
      .where('authorPk', '=', pk(demo.by))
      .where('title', '=', demo.title)
      .executeTakeFirst();
    if (exists) continue;
    const member = { pk: pk(demo.by), role: demo.by === 'admin' ? ('ADMIN' as const) : ('USER' as const) };
    const image = demo.cover ? await cover(...demo.cover) : undefined;
    const post = await service.create(member, { postType: demo.postType, title: demo.title, strContent: demo.html }, image);
    for (const c of demo.comments) await service.comment(pk(c.by), post.id, c.content);
    for (const who of demo.likedBy) await service.toggleLike(pk(who), post.id);
  }
}
