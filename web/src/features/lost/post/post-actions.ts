import '@/messages/lost-board';
import { LostCreatedSchema, type LostContactRequest, type LostFlagRequest } from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { lostPostKey } from '../api';

// The two writes a reader makes on a post's page: a flag to the admins and a message through the relay.

export function flagPost(id: number, body: LostFlagRequest) {
  return api(`${lostPostKey(id)}/flags`, { method: 'POST', json: body, schema: LostCreatedSchema });
}

export function contactAuthor(id: number, body: LostContactRequest) {
  return api(`${lostPostKey(id)}/contact`, { method: 'POST', json: body, schema: LostCreatedSchema });
}
