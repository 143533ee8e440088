// Login, signup, e-mail verification, session.
export const auth = {
  'auth.login.title': '로그인',
} as const;
