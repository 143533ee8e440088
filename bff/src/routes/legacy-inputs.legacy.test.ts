import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { photo, reportForm, validReport } from './strays.suite';

/** Issue 23 items 1 and 2 on the BFF in front of the legacy wire (fake Spring): the same inputs are read. */
const stack = useBffOnFakeSpring();

const emptyFormPost = (path: string, cookies = new Map<string, string>()) =>
  fetch(stack.bff.url + path, {
    method: 'POST',
    headers: {
      origin: new URL(stack.bff.url).origin,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    },
    body: '',
  });

describe('the BFF reads the legacy front end’s inputs, upstream = legacy Spring', () => {
  it('1. a stray report with the coordinates as JSON strings is filed (201); non-decimal text is 400 before the upstream', async () => {
    const { client } = legacyMember(stack.spring, stack.bff.url);
    const before = stack.spring.state.strayForms.length;
    const res = await client.postForm(
      '/api/abandoned/register',
      reportForm(validReport({ latitude: '37.5547', longitude: '126.9706' }), await photo()),
    );
    expect(res.status, res.text).toBe(201);
    expect(stack.spring.state.strayForms).toHaveLength(before + 1);
    expect(Number(stack.spring.state.strayForms.at(-1)?.latitude)).toBe(37.5547);
    const bad = await client.postForm('/api/abandoned/register', reportForm(validReport({ latitude: 'NaN' }), await photo()));
    expect(bad.status).toBe(400);
    expect(stack.spring.state.strayForms).toHaveLength(before + 1);
  });

  it('2. send-email and the like toggle as empty form-typed POSTs are served, not 415', async () => {
    const sent = await emptyFormPost('/api/users/send-email?email=bff-legacy-form%40example.com');
    expect(sent.status, await sent.text()).toBe(200);
    const author = legacyMember(stack.spring, stack.bff.url);
    const post = stack.spring.state.addPost({ userId: author.userId });
    const { client } = legacyMember(stack.spring, stack.bff.url);
    const like = await emptyFormPost(`/api/community/like/${post.id}/toggle`, client.cookies);
    expect(like.status, await like.text()).toBe(200);
  });
});
