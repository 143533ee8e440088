// deploy/nginx/pawbridge.conf's routing of pages: the public pages go to the BFFs, which render
// them (issue 26); assets and every other page to the web container. Read as text, tested with
// sample paths the way nginx picks a regex location.

/** The regexes of the balancer's `location ~ "…"` blocks that proxy to the BFFs. */
export function bffPageRegexes(conf: string): RegExp[] {
  const out: RegExp[] = [];
  for (const m of conf.matchAll(/location ~ "([^"]+)" \{([^}]*)\}/g))
    if (/proxy_pass http:\/\/pawbridge_bff;/.test(m[2] ?? '')) out.push(new RegExp(m[1] ?? '$^'));
  return out;
}

/** Paths the BFF renders (or answers with its SPA page): they must reach it. */
export const RENDERED = [
  '/',
  '/main',
  '/adopt',
  '/adopt?page=2',
  '/adopt/12',
  '/shelter/448567202500123',
  '/community',
  '/community/posts',
  '/community/3',
  // Lost and found (issue 27): the board with its filters, a post, and the write forms (the BFF's SPA page).
  '/lost',
  '/lost?kind=MISSING&sido=%EC%84%9C%EC%9A%B8%ED%8A%B9%EB%B3%84%EC%8B%9C',
  '/lost/7',
  '/lost/new/missing',
];
/** Static files and screens only the browser draws: the web container's. */
export const STATIC = [
  '/assets/index-AbCdEf12.js',
  '/assets/index-AbCdEf12.css',
  '/favicon.svg',
  '/login',
  '/mypage',
  '/mypet',
  '/adopted',
  '/communitys',
  '/lostandfound',
];

/** Problems of the balancer's page routing (empty: as intended). */
export function balancerPageProblems(conf: string): string[] {
  const regexes = bffPageRegexes(conf);
  // nginx matches a location against the path only.
  const toBff = (p: string) => regexes.some((re) => re.test(p.split('?')[0] ?? p));
  const problems = [
    ...RENDERED.filter((p) => !toBff(p)).map((p) => `${p} (a server-rendered page) does not reach the BFFs`),
    ...STATIC.filter(toBff).map((p) => `${p} goes to the BFFs, not to the web container`),
  ];
  const pages = /location ~ "\^\/\(main[^"]*" \{([^}]*)\}/.exec(conf)?.[1] ?? '';
  if (!/error_page 502 504 = @\w+;/.test(pages))
    problems.push('the public pages have no static fallback when no BFF answers (error_page 502 504)');
  return problems;
}
