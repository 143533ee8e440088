/**
 * pino-pretty in development so `npm start` reads like a log, not a JSON stream. Both server
 * tiers use this one transport (decision 0028), so their lines look alike side by side in the
 * launcher's output. pino resolves `pino-pretty` by name in its worker; the api and the BFF list
 * it as a dependency.
 */
export const prettyTransport = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,requestId,req,res,responseTime',
    messageFormat: '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} → {res.statusCode}{end}',
    singleLine: true,
  },
} as const;
