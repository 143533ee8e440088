/** pino-pretty in development so `npm start` reads like a log, not a JSON stream. */
export const prettyTransport = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,requestId,req,res,responseTime',
    messageFormat: '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} → {res.statusCode}{end}',
    singleLine: true,
  },
} as const;
