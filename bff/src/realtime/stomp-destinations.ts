import { ADMIN_TOPICS, memberTopics } from '@pawbridge/shared';
import { notificationTypeOf, recipientOf } from '../normalisers/notification.normaliser';

export interface BridgeUser {
  userId: string;
  isAdmin: boolean;
}

/** One upstream subscription feeding a browser destination, and which of its bodies belong there. */
export interface UpstreamRoute {
  destination: string;
  accepts(body: unknown): boolean;
}

const all = () => true;
const ofType =
  (...types: string[]) =>
  (body: unknown) =>
    types.includes((notificationTypeOf(body) ?? '').toUpperCase());
/** Notifications that are the admin's, whoever the topic names (the legacy stores them for the login id "admin"). */
const ADMIN_TYPES = ['ABANDONED_PET', 'ADOPTION_REQUEST'];
const notAdminType = (body: unknown) => !ofType(...ADMIN_TYPES)(body);

/**
 * Which upstream subscriptions feed a browser destination: null when the
 * caller may not subscribe (their own `/topic/user/...` topics only, the admin
 * topics for admins only). One of the two below is chosen once at start
 * (bff/src/gateways.ts).
 */
export type StompRoutes = (destination: string, user: BridgeUser) => UpstreamRoute[] | null;

function maySubscribe(destination: string, user: BridgeUser): boolean {
  const isOwn = memberTopics(user.userId).includes(destination);
  const isAdminTopic = (ADMIN_TOPICS as readonly string[]).includes(destination);
  return isOwn || (isAdminTopic && user.isAdmin);
}

const recipientIs = (user: BridgeUser) => (body: unknown) => (recipientOf(body) ?? '').toLowerCase() === user.userId.toLowerCase();

/**
 * Our api publishes on exactly the destinations browsers subscribe to. A
 * member topic's bodies still go only to their recipient: one topic name can
 * be two members' (`/topic/user/abandoned/adoption`: "abandoned"'s adoption
 * topic, "adoption"'s report topic), and our api names the recipient in `userId`.
 */
export const apiStompRoutes: StompRoutes = (destination, user) => {
  if (!maySubscribe(destination, user)) return null;
  const isAdminTopic = (ADMIN_TOPICS as readonly string[]).includes(destination);
  return [{ destination, accepts: isAdminTopic ? all : recipientIs(user) }];
};

/**
 * The legacy does not (legacy-contract §6.2, §14.10): it publishes a member's
 * adoption result and report approval on the *admin* topics (recipient in the
 * body's `userId`), and the admins' alerts on the topics of the login id
 * "admin". The BFF subscribes upstream where the legacy really publishes and
 * hands each body only to the browser it is for.
 */
export const legacyStompRoutes: StompRoutes = (destination, user) => {
  if (!maySubscribe(destination, user)) return null;
  const mine = recipientIs(user);
  const forMe =
    (...types: string[]) =>
    (body: unknown) =>
      ofType(...types)(body) && mine(body);
  switch (destination) {
    case '/topic/admin/abandoned/alerts':
      return [{ destination: '/topic/user/abandoned/admin', accepts: ofType('ABANDONED_PET') }];
    case '/topic/admin/adoption/alerts':
      return [{ destination: '/topic/user/admin/adoption', accepts: ofType('ADOPTION_REQUEST') }];
  }
  // The member's own topics, subscribed upstream with the id made safe for the broker; every body is
  // checked for its recipient, since one topic name can be two members' (`/topic/user/abandoned/adoption`
  // is the adoption topic of "abandoned" and the report topic of "adoption").
  const index = memberTopics(user.userId).indexOf(destination);
  const upstream = memberTopics(legacyTopicId(user.userId))[index];
  if (!upstream) return null;
  const own: UpstreamRoute = { destination: upstream, accepts: (body) => notAdminType(body) && mine(body) };
  if (index === 0) return [own, { destination: '/topic/admin/abandoned/alerts', accepts: forMe('ADMIN_ALERT') }];
  if (index === 1) return [own, { destination: '/topic/admin/adoption/alerts', accepts: forMe('ADOPTION_RESULT') }];
  return [own];
};

/**
 * A login id as it may stand in an upstream subscription to the legacy's
 * broker (Spring's simple broker, AntPathMatcher: `*`, `?` and `{…}` make a
 * subscription a pattern, legacy-contract §6.1; the legacy's user ids are
 * unconstrained). Each such character becomes `?`, one character: a pattern
 * the BFF means, matching the member's own literal topic (and at worst a
 * same-length id's, whose bodies the recipient check drops), never `*`'s
 * "everyone's". There is no escape in Ant patterns, so this is the narrowest.
 */
export const legacyTopicId = (userId: string): string => userId.replace(/[*?{}]/g, '?');
