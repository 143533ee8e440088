import crypto from 'node:crypto';
import { currentUser, newSpringSessionId, sessionOf, setSpringSession, springError, springText, type FakeDomain } from './wire';

declare module './wire' {
  interface FakeSpringState {
    /** EMAIL_CODE:<code> → e-mail (the legacy keys codes globally, not per address). */
    emailCodes: Map<string, string>;
    /** VERIFIED_EMAIL:<email> */
    verifiedEmails: Set<string>;
    /** Every code "mailed", newest last. */
    mailbox: { email: string; code: string }[];
    /** Logout writes its Korean body before any charset is set: 'latin1' turns it into '?'. */
    logoutCharset: 'latin1' | 'utf8';
  }
}

const LOGOUT_BODY = '{"success": true, "message": "로그아웃 완료"}';

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** UserController + the logout filter, as legacy-contract §3.1, §4.1–4.3 and §5 describe them. */
export const accountsFake: FakeDomain = (app, state) => {
  state.emailCodes = new Map();
  state.verifiedEmails = new Set();
  state.mailbox = [];
  state.logoutCharset = 'latin1';

  app.post('/api/users/send-email', async (request, reply) => {
    const email = (request.query as Record<string, string | undefined>).email;
    if (email === undefined || blank(email)) return springError(request, reply, state, 400);
    if (state.users.some((u) => u.email === email)) return springError(request, reply, state, 500);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    state.emailCodes.set(code, email);
    state.mailbox.push({ email, code });
    return springText(request, reply, 200, '인증 이메일을 전송했습니다.');
  });

  app.post('/api/users/verify-email', async (request, reply) => {
    const code = (request.query as Record<string, string | undefined>).code;
    if (code === undefined) return springError(request, reply, state, 400);
    const email = state.emailCodes.get(code);
    if (!email) return springError(request, reply, state, 500);
    state.emailCodes.delete(code);
    state.verifiedEmails.add(email);
    return springText(request, reply, 200, '인증되었습니다.');
  });

  app.post('/api/users/signup', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (blank(b.name) || blank(b.userId) || blank(b.email) || blank(b.password)) return springError(request, reply, state, 500);
    if (b.birth !== undefined && b.birth !== null && !/^\d{4}-\d{2}-\d{2}$/.test(String(b.birth)))
      return springError(request, reply, state, 400);
    const email = String(b.email);
    if (!state.verifiedEmails.has(email)) return springError(request, reply, state, 500);
    if (state.users.some((u) => u.email === email)) return springError(request, reply, state, 500);
    // The legacy never checks userId uniqueness; the BFF must not rely on it.
    state.addUser({
      userId: String(b.userId),
      password: String(b.password),
      name: String(b.name),
      email,
      birth: typeof b.birth === 'string' ? b.birth : null,
      phoneNm: typeof b.phoneNm === 'string' ? b.phoneNm : null,
    });
    state.verifiedEmails.delete(email);
    return springText(request, reply, 200, '회원가입 성공!');
  });

  app.post('/api/users/login', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    const matches = state.users.filter((u) => u.userId === b.userId);
    const user = matches.length === 1 ? matches[0] : undefined;
    if (blank(b.userId) || blank(b.password) || !user || user.password === null || user.password !== b.password) {
      return springText(request, reply, 400, '아이디 또는 비밀번호가 올바르지 않습니다.');
    }
    // No session-id rotation: an existing session is reused as is.
    const existing = sessionOf(request, state);
    if (existing) {
      existing.session.principal = user.userId;
    } else {
      const id = newSpringSessionId();
      state.sessions.set(id, { principal: user.userId });
      setSpringSession(reply, id);
    }
    return springText(request, reply, 200, '로그인 성공!');
  });

  app.get('/api/users/check-session', async (request, reply) => {
    const principal = currentUser(request, state);
    if (!principal) return reply.send({ loggedIn: false });
    const user = state.users.find((u) => u.userId === principal);
    // Social logins without a matching local user get only the reduced map.
    if (!user) return reply.send({ loggedIn: true, userId: principal, username: principal, userName: principal });
    return reply.send({
      role: user.role,
      phoneNm: user.phoneNm,
      userName: principal,
      loggedIn: true,
      name: user.name,
      birth: user.birth,
      email: user.email,
      userId: principal,
      username: principal,
    });
  });

  // Spring's LogoutFilter matches every method (CSRF is off) and answers anonymous callers too.
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/users/logout',
    handler: async (request, reply) => {
      const current = sessionOf(request, state);
      if (current) state.sessions.delete(current.id);
      // Java's ISO-8859-1 encoder writes '?' for every character it cannot map.
      const body =
        state.logoutCharset === 'latin1'
          ? Buffer.from([...LOGOUT_BODY].map((c) => (c.charCodeAt(0) > 0xff ? '?' : c)).join(''), 'latin1')
          : Buffer.from(LOGOUT_BODY, 'utf8');
      return reply.code(200).header('content-type', 'application/json').send(body);
    },
  });
};
