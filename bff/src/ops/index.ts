// The BFF's operations come from @pawbridge/server-kit (docs/decisions/0021); what is the BFF's
// own (the upstream readiness check, the error envelope, the upstream metrics in
// upstream-metrics.ts) is passed in by app.ts; its production requirements live next door.
export { installGracefulShutdown, redactingLoggerOptions, registerOps } from '@pawbridge/server-kit';
