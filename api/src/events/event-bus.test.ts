import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices } from '../testing/services';
import { createEventBus, domainEvent, type DomainEvent, type EventBus } from './index';

const { redisUrl } = testServices();

describe('domain-event bus', () => {
  const open: EventBus[] = [];
  const bus = (opts: Parameters<typeof createEventBus>[0] = {}) => {
    const b = createEventBus(opts);
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  it('runs the handlers of the event type in order, stamps occurredAt, and unsubscribes', async () => {
    const b = bus();
    const seen: string[] = [];
    b.subscribe('stray.reported', (e) => {
      seen.push(`first:${e.strayId}`);
    });
    const off = b.subscribe('stray.reported', async (e) => {
      seen.push(`second:${e.strayId}`);
    });
    b.subscribe('user.registered', () => {
      seen.push('wrong type');
    });
    const event = domainEvent('stray.reported', { strayId: 7, reporterPk: 3 });
    expect(Date.parse(event.occurredAt)).not.toBeNaN();
    await b.publish(event);
    off();
    await b.publish(domainEvent('stray.reported', { strayId: 8, reporterPk: 3 }));
    expect(seen).toEqual(['first:7', 'second:7', 'first:8']);
  });

  it('logs a failing handler, still runs the others, and never rejects', async () => {
    const log = { error: vi.fn(), warn: vi.fn() };
    const b = bus({ log });
    const seen: number[] = [];
    b.subscribe('adoption.requested', () => {
      throw new Error('notification store down');
    });
    b.subscribe('adoption.requested', (e) => {
      seen.push(e.applicationId);
    });
    await expect(b.publish(domainEvent('adoption.requested', { applicationId: 5, strayId: 1, applicantPk: 2 }))).resolves.toBeUndefined();
    expect(seen).toEqual([5]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ eventType: 'adoption.requested' }), 'domain event handler failed');
  });

  it(`reaches cluster subscribers on another instance through Redis when REDIS_URL is set (set: ${Boolean(redisUrl)}), origin-only ones stay local`, async () => {
    const channel = `pawbridge:test:${crypto.randomBytes(6).toString('hex')}:events`;
    const a = bus({ redisUrl, channel });
    const b = bus({ redisUrl, channel });
    await Promise.all([a.ready(), b.ready()]);
    const onA: DomainEvent[] = [];
    const onB: DomainEvent[] = [];
    const originOnB: DomainEvent[] = [];
    a.subscribe('like.added', (e) => void onA.push(e));
    b.subscribe('like.added', (e) => void onB.push(e));
    b.subscribe('like.added', (e) => void originOnB.push(e), { scope: 'origin' });

    const event = domainEvent('like.added', { postId: 1, likerPk: 2, postAuthorPk: 3 });
    await a.publish(event);
    expect(onA).toEqual([event]); // once: its own echo from Redis is not dispatched again
    if (redisUrl) {
      await vi.waitFor(() => expect(onB).toEqual([event]));
    } else {
      // In-process buses are separate worlds; a sentinel published on b proves b's handlers run at all.
      await b.publish(domainEvent('like.added', { postId: 9, likerPk: 2, postAuthorPk: 3 }));
      expect(onB.map((e) => e.type === 'like.added' && e.postId)).toEqual([9]);
    }
    expect(originOnB.filter((e) => e.type === 'like.added' && e.postId === 1)).toEqual([]);
    expect(onA).toHaveLength(1);
  });
});
