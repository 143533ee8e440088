// The api's operations come from @pawbridge/server-kit (docs/decisions/0021); what is the api's
// own (its readiness checks, Boot error bodies, socket counts) is passed in by app.ts, and its
// production requirements live next door in production-requirements.ts.
export { installGracefulShutdown, redactingLoggerOptions, registerOps } from '@pawbridge/server-kit';
