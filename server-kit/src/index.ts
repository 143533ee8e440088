// The operations code both server tiers share (docs/decisions/0021). Server code only:
// the web never imports this package (eslint/boundaries.js).
export { registerOps, type OpsHandle, type OpsOptions } from './ops';
export { opsConfig, opsEnv, type OpsConfig, type OpsEnv } from './ops-env';
export { installGracefulShutdown, type ShutdownOptions } from './shutdown';
export { redactingLoggerOptions } from './log-redaction';
export { productionRefusal } from './production';
export type { DrainState, ReadinessCheck } from './health';
export { RETRY_AFTER_SECONDS, type PressureLimits } from './pressure';
