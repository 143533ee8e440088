import { lostUnsupported, type LostGateway } from '../lost.gateway';

const refuse = (): Promise<never> => Promise.reject(lostUnsupported());

/** The legacy Spring service has none of lost and found: every call is 501 UPSTREAM_UNSUPPORTED, nothing goes upstream. */
export class LegacyLostGateway implements LostGateway {
  readonly available = false;
  board = refuse;
  map = refuse;
  detail = refuse;
  mine = refuse;
  stats = refuse;
  createMissing = refuse;
  createSighting = refuse;
  edit = refuse;
  update = refuse;
  close = refuse;
  toStrayReport = refuse;
  contact = refuse;
  reply = refuse;
  contacts = refuse;
  flag = refuse;
  flags = refuse;
  hide = refuse;
  adminClose = refuse;
  dismissFlag = refuse;
  comments = refuse;
  comment = refuse;
  deleteComment = refuse;
  flyer = refuse;
  candidates = refuse;
  decideCandidate = refuse;
}
