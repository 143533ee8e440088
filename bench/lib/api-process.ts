/**
 * Child process: our api on a free port (PGlite in memory, the test api's
 * setup), seeded with public strays and BENCH_MEMBERS members with live
 * sessions. Announces `{url, members}` to the parent. Over IPC it publishes notifications
 * (`{type:'publish', round, from, to}`: one to each member in the range) through the api's own event bus, exactly
 * as a service does after a commit, and answers with the publish times.
 */
import { performance } from 'node:perf_hooks';
import { startTestApi } from '@pawbridge/api/testing';
import { createMember, insertStray } from '@pawbridge/api/testing/fixtures';
import { announceReady, stopOnSignal } from './procs';
import { NO_ABOUT } from '@pawbridge/shared';

const memberCount = Number(process.env.BENCH_MEMBERS ?? '1');
const strayCount = Number(process.env.BENCH_STRAYS ?? '24');
const now = () => performance.timeOrigin + performance.now();

const api = await startTestApi({ LOG_LEVEL: 'silent', SESSION_TTL_SECONDS: '7200' });
for (let i = 0; i < strayCount; i += 1) {
  await insertStray(api, {
    status: i % 3 === 0 ? 'WAITING' : 'PROTECTING',
    location: i % 2 ? '서울특별시' : '경기도',
    description: `bench stray ${i}`,
  });
}
const members: { pk: number; userId: string; sid: string }[] = [];
for (let i = 0; i < memberCount; i += 1) {
  const m = await createMember(api, `bench${String(i).padStart(4, '0')}`);
  members.push({ pk: m.pk, userId: m.userId, sid: m.cookie.slice('JSESSIONID='.length) });
}

interface PublishRequest {
  id: number;
  type: 'publish';
  /** Unique per call: message ids are round * 100000 + member index + 1. */
  round: number;
  from: number;
  to: number;
  /** Events per second (open loop: each is due at start + k/rate); 0 = all at once. */
  rate: number;
}

process.on('message', (raw) => {
  const msg = raw as PublishRequest;
  if (msg.type !== 'publish') return;
  void (async () => {
    const sent: number[] = [];
    const start = now();
    for (let i = msg.from; i < Math.min(msg.to, members.length); i += 1) {
      const due = msg.rate > 0 ? start + ((i - msg.from) * 1000) / msg.rate : start;
      if (due - now() >= 1) await new Promise((r) => setTimeout(r, due - now()));
      const m = members[i]!;
      const id = msg.round * 100_000 + i + 1;
      const body = {
        id,
        userId: m.userId,
        notificationType: 'ADOPTION_RESULT' as const,
        message: 'bench',
        targetUrl: '/mypage',
        createdAt: new Date().toISOString(),
        readAt: null,
        read: false,
        code: 'ADOPTION_APPROVED' as const,
        about: NO_ABOUT,
      };
      sent.push(now());
      await api.ctx.events.publish({
        type: 'notification.created',
        occurredAt: body.createdAt,
        notificationId: id,
        recipientPk: m.pk,
        destination: `/topic/user/${m.userId}/adoption`,
        body,
      });
    }
    process.send?.({ id: msg.id, sent });
  })();
});

stopOnSignal(() => api.close());
announceReady({ url: api.url, members });
