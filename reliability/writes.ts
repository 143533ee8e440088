// The writes of the kill scenario: comments (no retry key on that route) and, every
// fifth write, a stray report with an Idempotency-Key and a returned id.
import sharp from 'sharp';
import { z } from 'zod';
import type { Answer, Browser } from './clients';
import type { Stack } from './stack';

export const REPORT_EVERY = 5;
const ReportResultSchema = z.object({ id: z.number().int().positive() }).passthrough();

export interface Write {
  i: number;
  kind: 'comment' | 'report';
  /** Unique text the write stores (comment content / report description). */
  text: string;
  key: string;
  answer: Answer;
  /** The report's id from a 2xx. */
  id?: number;
}

/** `tag` keeps each scenario's texts and keys apart (verify() looks at the 'load' ones). */
export async function writer(
  stack: Stack,
  member: Browser,
  postId: number,
  timeoutMs: number,
  tag = 'load',
): Promise<(i: number) => Promise<Write>> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 110, b: 70 } } })
    .jpeg()
    .toBuffer();
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const send = async (w: Omit<Write, 'answer'>): Promise<Write> => {
    const headers = { 'idempotency-key': w.key };
    if (w.kind === 'comment')
      return { ...w, answer: await member.call('POST', `/api/community/comment/${postId}`, { content: w.text }, headers, timeoutMs) };
    const form = new FormData();
    form.append(
      'abandoned-pet',
      JSON.stringify({
        latitude: 37.56,
        longitude: 126.92,
        gender: 'FEMALE',
        description: w.text,
        location: '서울특별시',
        type: '믹스견',
        foundDate: day,
        foundTime: '09:10',
      }),
    );
    form.append('imageurl', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dog.jpg');
    const answer = await member.call('POST', '/api/abandoned/register', form, headers, timeoutMs);
    const id = answer.status === 201 ? ReportResultSchema.safeParse(answer.json).data?.id : undefined;
    return { ...w, answer, ...(id ? { id } : {}) };
  };
  return (i) => {
    const kind = i % REPORT_EVERY === 0 ? 'report' : 'comment';
    return send({ i, kind, text: `reliability ${stack.runId} ${tag} ${kind} ${i}`, key: `rel-${stack.runId}-${tag}-${i}` });
  };
}

export interface Verdict {
  commentsAcked: number;
  reportsAcked: number;
  lost: string[];
  /** Stored although the client saw a failure (the answer died with the process). */
  storedWithoutAck: number;
  /** Texts stored more than once (a retry key that did not hold). */
  duplicates: string[];
}

/** What the database holds for this run's writes, against what the clients were told. */
export async function verify(stack: Stack, acked: Write[], tag = 'load'): Promise<Verdict> {
  const like = `reliability ${stack.runId} ${tag} %`;
  const comments = await stack.query<{ text: string; n: string }>(
    'SELECT content AS text, count(*) AS n FROM community_comments WHERE content LIKE $1 GROUP BY content',
    [like],
  );
  const reports = await stack.query<{ text: string; n: string; ids: number[] }>(
    'SELECT description AS text, count(*) AS n, array_agg(id) AS ids FROM stray_reports WHERE description LIKE $1 GROUP BY description',
    [like],
  );
  const stored = new Map([...comments, ...reports].map((r) => [r.text, r]));
  const reportIds = new Set(reports.flatMap((r) => r.ids));
  const ackedTexts = new Set(acked.map((w) => w.text));
  const lost = acked
    .filter((w) => !stored.has(w.text) || (w.kind === 'report' && (w.id === undefined || !reportIds.has(w.id))))
    .map((w) => w.text);
  return {
    commentsAcked: acked.filter((w) => w.kind === 'comment').length,
    reportsAcked: acked.filter((w) => w.kind === 'report').length,
    lost,
    storedWithoutAck: [...stored.keys()].filter((t) => !ackedTexts.has(t)).length,
    duplicates: [...stored.values()].filter((r) => Number(r.n) > 1).map((r) => r.text),
  };
}
