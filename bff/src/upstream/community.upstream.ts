import type { FastifyRequest } from 'fastify';
import { POST_IMAGE_FIELD, POST_JSON_PART, type PostType } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse } from './client';
import type { PhotoUpload } from './pets.upstream';

/** The legacy CommunityPostDto fields a write sends (`imgUrlContent` keeps or clears the stored image on an edit). */
export interface PostWriteDto {
  postType: PostType;
  title: string;
  strContent: string;
  imgUrlContent?: string | null;
}

/** The JSON part `communityPost` (typed application/json, which the legacy requires) and the file part `imgUrlContent`. */
function postForm(dto: PostWriteDto, image: PhotoUpload | undefined): FormData {
  const form = new FormData();
  form.append(POST_JSON_PART, new Blob([JSON.stringify(dto)], { type: 'application/json' }));
  if (image) form.append(POST_IMAGE_FIELD, new Blob([new Uint8Array(image.bytes)], { type: image.mime }), image.filename);
  return form;
}

/** Community calls on the legacy paths (legacy-contract §3.5); the only code that knows them. */
export const communityUpstream = (client: UpstreamClient) => ({
  /** Our api pages (and says the total in X-Total-Count); the legacy ignores the query and sends every post. */
  list: (from: FastifyRequest, query: { page: number; size: number; postType?: PostType }): Promise<UpstreamResponse> =>
    client.request('GET', '/api/community/posts', { from, query }),
  /** Every post (the legacy's only list). */
  listAll: (from: FastifyRequest): Promise<UpstreamResponse> => client.request('GET', '/api/community/posts', { from }),
  detail: (from: FastifyRequest, postId: number) => client.request('GET', `/api/community/description/${postId}`, { from }),
  create: (from: FastifyRequest, dto: PostWriteDto, image?: PhotoUpload) =>
    client.request('POST', '/api/community/createPost', { from, form: postForm(dto, image) }),
  edit: (from: FastifyRequest, postId: number, dto: PostWriteDto & { removeImage?: boolean }, image?: PhotoUpload) =>
    client.request('POST', `/api/community/description/${postId}/edit`, { from, form: postForm(dto, image) }),
  remove: (from: FastifyRequest, postId: number) => client.request('DELETE', `/api/community/description/${postId}/delete`, { from }),
  likeCount: (from: FastifyRequest, postId: number) => client.request('GET', `/api/community/like/${postId}/count`, { from }),
  toggleLike: (from: FastifyRequest, postId: number) => client.request('POST', `/api/community/like/${postId}/toggle`, { from }),
  comments: (from: FastifyRequest, postId: number) => client.request('GET', `/api/community/comments/${postId}`, { from }),
  comment: (from: FastifyRequest, postId: number, content: string) =>
    client.request('POST', `/api/community/comment/${postId}`, { from, json: { content } }),
});
export type CommunityUpstream = ReturnType<typeof communityUpstream>;
