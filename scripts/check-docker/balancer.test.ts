import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { balancerPageProblems, bffPageRegexes } from './balancer';
import { parseDockerfile } from './dockerfile';

const read = (p: string) => fs.readFileSync(path.join(import.meta.dirname, '../..', p), 'utf8');

describe('balancer page routing (issue 26: public pages rendered by the BFFs)', () => {
  it('the repository config sends the public pages to the BFFs and the assets to the web container, with a fallback', () => {
    const conf = read('deploy/nginx/pawbridge.conf');
    expect(bffPageRegexes(conf).length).toBeGreaterThan(0);
    expect(balancerPageProblems(conf)).toEqual([]);
  });

  it('finds pages left on the static container, assets sent to the BFFs, and a missing fallback', () => {
    const without = 'location ~ "^/(api)(/|$)" {\n proxy_pass http://pawbridge_bff;\n}\nlocation / {\n proxy_pass http://pawbridge_web;\n}';
    expect(balancerPageProblems(without)).toEqual(
      expect.arrayContaining([
        '/adopt/12 (a server-rendered page) does not reach the BFFs',
        '/ (a server-rendered page) does not reach the BFFs',
        '/lost/7 (a server-rendered page) does not reach the BFFs',
      ]),
    );
    const greedy = 'location ~ "^/(main.*)?" {\n proxy_pass http://pawbridge_bff;\n}';
    const problems = balancerPageProblems(greedy);
    expect(problems).toContain('/assets/index-AbCdEf12.js goes to the BFFs, not to the web container');
    expect(problems).toContain('the public pages have no static fallback when no BFF answers (error_page 502 504)');
  });

  it('the bff image carries the server bundle and the client build, and says where (SSR_BUNDLE, WEB_DIST_DIR)', () => {
    const bff = parseDockerfile(read('Dockerfile')).find((s) => s.name === 'bff');
    expect(bff?.env).toMatchObject({ WEB_DIST_DIR: '/app/web/dist', SSR_BUNDLE: '/app/web/dist-server/entry-server.js' });
    const copies = bff?.steps
      .filter((s) => s.kind === 'COPY' && s.from === 'build-web')
      .map((s) => (s.kind === 'COPY' ? s.sources[0] : ''));
    expect(copies).toEqual(['/app/web/dist', '/app/web/dist-server']);
  });
});
