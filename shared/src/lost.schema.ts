// Lost and found (issue 27, docs/decisions/0037): the contract, one subpath (`@pawbridge/shared/lost.schema`) so the
// visitor's first load does not carry it. Split by concern: names and limits, requests, answers.
export * from './lost.rules';
export * from './lost.requests';
export * from './lost.answers';
export * from './lost.comments';
