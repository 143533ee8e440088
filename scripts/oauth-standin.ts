// A local stand-in for Google, Kakao and Naver sign-in, so social login works end to end
// without real provider accounts: `npx tsx scripts/oauth-standin.ts [port]` (default 4010).
// It prints the environment to start the app with (e.g. paste it into .env, then `npm start`).
// Every authorisation is approved at once as a test person of that provider.
import { OAuthStandin } from '@pawbridge/api/testing/oauth-standin';

const port = Number(process.argv[2] ?? 4010);
const standin = await OAuthStandin.start(port, '127.0.0.1');
const env = { PUBLIC_ORIGIN: `http://localhost:${process.env.PORT ?? 3000}`, ...standin.env() };

console.log(`# OAuth stand-in listening on ${standin.url} (Ctrl-C stops it). Start the app with:`);
for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);

process.on('SIGINT', () => void standin.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void standin.close().then(() => process.exit(0)));
