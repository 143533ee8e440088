import { describe, expect, it } from 'vitest';
import { normaliseComments, normaliseLike, normalisePost, normalisePostList, toListItem } from './community.normaliser';

const legacyDto = {
  id: 7,
  postType: 'REVIEW',
  title: ' 입양 후기 ',
  userId: 'minji01',
  imgUrlContent: '/uploads/3f2a.jpg',
  strContent: '<p onclick="x()">좋은 <b>가족</b></p><script>alert(1)</script>',
  createdAt: '2025-03-01T09:30:00.123',
};

describe('community normaliser', () => {
  it('reads the legacy CommunityPostDto: UTC local time, sanitised body, the stored image kept for edits', () => {
    expect(normalisePost(legacyDto)).toEqual({
      post: {
        id: 7,
        postType: 'REVIEW',
        title: '입양 후기',
        content: '<p>좋은 <b>가족</b></p>',
        imageUrl: '/uploads/3f2a.jpg',
        // The legacy has no nicknames: a masked login id, never the id itself (decision 0035).
        author: 'min***',
        createdAt: '2025-03-01T09:30:00.123Z',
      },
      authorLoginId: 'minji01',
      storedImage: '/uploads/3f2a.jpg',
      // The legacy's list says nothing of likes and comments.
      counts: { likeCount: null, commentCount: null },
    });
    expect(normalisePost({ ...legacyDto, likeCount: 4, commentCount: 1 })?.counts).toEqual({ likeCount: 4, commentCount: 1 });
  });

  it('shows our api’s nickname as the author; the login id only decides who may edit', () => {
    const ours = normalisePost({ ...legacyDto, nickname: '콩이엄마' })!;
    expect(ours.post.author).toBe('콩이엄마');
    expect(ours.authorLoginId).toBe('minji01');
    expect(JSON.stringify(toListItem(ours.post))).not.toContain('minji01');
    expect(normalisePost({ ...legacyDto, userId: null })?.post.author).toBeNull();
    expect(
      normaliseComments(
        [
          { userId: 'ab', content: '짧은 아이디' },
          { userId: 'kim', nickname: '김씨', content: '닉네임' },
        ],
        1,
      ).map((c) => c.author),
    ).toEqual(['a***', '김씨']);
  });

  it('keeps only images the upstream stores and drops posts without an id or a known category', () => {
    expect(normalisePost({ ...legacyDto, imgUrlContent: 'javascript:alert(1)' })?.post.imageUrl).toBeNull();
    expect(normalisePost({ ...legacyDto, imgUrlContent: null })?.storedImage).toBeNull();
    expect(normalisePostList([legacyDto, { ...legacyDto, id: null }, { ...legacyDto, id: 8, postType: 'NEWS' }, 'x'])).toHaveLength(1);
    expect(normalisePostList({ data: [legacyDto] })).toHaveLength(1);
  });

  it('makes the list preview from the text only, at most 50 characters', () => {
    const long = normalisePost({ ...legacyDto, strContent: `<p>${'&lt;b&gt; 가'.repeat(20)}</p>` })!;
    const item = toListItem(long.post);
    expect(item).not.toHaveProperty('content');
    expect(Array.from(item.preview)).toHaveLength(51);
    expect(item.preview.startsWith('<b> 가<b> 가')).toBe(true);
  });

  it('reads both like spellings: the toggle’s `liked` and the count’s `isLiked`', () => {
    expect(normaliseLike({ liked: true, likeCount: 3 })).toEqual({ isLiked: true, likeCount: 3 });
    expect(normaliseLike({ postId: 1, isLiked: false, likeCount: 0 })).toEqual({ isLiked: false, likeCount: 0 });
    expect(normaliseLike({ liked: true, isLiked: true, likeCount: 2 })).toEqual({ isLiked: true, likeCount: 2 });
    expect(normaliseLike({ likeCount: 2 })).toBeNull();
    expect(normaliseLike({ liked: true, likeCount: -1 })).toBeNull();
  });

  it('gives legacy comments (no id, the post repeated) a stable id each and skips empty ones', () => {
    const legacy = [
      { userId: 'a', communityPostDto: legacyDto, content: '둘째', createdAt: '2025-03-02T10:00:00' },
      { userId: 'b', communityPostDto: legacyDto, content: '첫째', createdAt: '2025-03-02T10:00:00' },
      { userId: 'c', content: '   ', createdAt: '2025-03-02T09:00:00' },
    ];
    const out = normaliseComments(legacy, 7);
    expect(out.map((c) => [c.author, c.content, c.createdAt])).toEqual([
      ['a***', '둘째', '2025-03-02T10:00:00.000Z'],
      ['b***', '첫째', '2025-03-02T10:00:00.000Z'],
    ]);
    expect(out[0]!.id).not.toBe(out[1]!.id);
    expect(normaliseComments([{ id: 5, userId: 'a', content: '안녕', createdAt: '2025-03-02T10:00:00Z' }], 7)[0]!.id).toBe('5');
  });
});
