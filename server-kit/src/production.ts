/**
 * The one message a production start without what it needs ends with: every
 * problem a tier's own check found, one line each, so an operator fixes them
 * all in one go (the config loader throws it; server.ts prints it, no stack).
 */
export function productionRefusal(tier: string, problems: string[]): string {
  return [
    `The ${tier} refuses to start with NODE_ENV=production:`,
    ...problems.map((p) => `  - ${p}`),
    'Set these variables (see .env.example) or run with NODE_ENV=development.',
  ].join('\n');
}
