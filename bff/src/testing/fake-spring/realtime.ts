import http from 'node:http';
import websocket from '@fastify/websocket';
import { FrameImpl, Parser } from '@stomp/stompjs';
import type WebSocket from 'ws';
import createV2Server, { type V2Server } from 'socket.io-v2';
import { currentUser, type FakeDomain } from './wire';

/**
 * The legacy's realtime surface as the BFF meets it (legacy-contract §3.6,
 * §6, §7, §8): notifications REST with no ownership check, a STOMP broker at
 * the SockJS endpoint's raw transport `/ws/websocket` (handshake needs a
 * session, nothing else is checked, heart-beat 0,0, live bodies with id null),
 * routing by type exactly as NotificationService does, the dashboard REST, and
 * a socket.io v2 server on its own port (netty-socketio 1.7 speaks nothing newer).
 */
export interface FakeNotification {
  id: number;
  userId: string;
  notificationType: string;
  message: string;
  createdAt: string;
  read: boolean;
}

declare module './wire' {
  interface FakeSpringState {
    notifications: FakeNotification[];
    /** NotificationService.sendNotification: store for `userId`, publish where the legacy publishes that type. */
    notify(userId: string, type: string, message: string): FakeNotification;
    /** Publish a raw body on a destination (what any upstream might send). */
    publishStomp(destination: string, body: unknown): void;
    /** Destinations each open STOMP session has subscribed to. */
    stompSubscriptions(): string[][];
    /** Drop every STOMP connection, as a restarting server does. */
    dropStompConnections(): void;
    dashboard: { reportsAdoptions: unknown; donations: unknown; abandonedStatus: unknown };
    /** The socket.io v2 server's URL (set once the fake listens). */
    dashboardUrl: string;
    dashboardSocket: V2Server | null;
    /** How many clients joined the room `dashboard`. */
    dashboardJoins: number;
  }
}

/**
 * Spring's simple broker (DefaultSubscriptionRegistry with an AntPathMatcher,
 * separator "/"): a subscription with `*`, `?` or `{…}` is a pattern — `*`
 * any characters within a segment, `**` any segments, `?` one character,
 * `{name}` a segment part — matched against each published destination.
 */
export const isAntPattern = (destination: string): boolean => /[*?]/.test(destination) || /\{[^}]*\}/.test(destination);

function segmentMatches(pattern: string, segment: string): boolean {
  const regex = pattern
    .split(/(\{[^}]*\}|\*|\?)/)
    .map((part) => (part === '*' ? '.*' : part === '?' ? '.' : /^\{[^}]*\}$/.test(part) ? '.*' : part.replace(/[.+^$()|[\]\\{}]/g, '\\$&')))
    .join('');
  return new RegExp(`^${regex}$`, 's').test(segment);
}

function antMatches(pattern: string[], path: string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern;
  if (head === '**') return path.some((_, i) => antMatches(rest, path.slice(i))) || antMatches(rest, []);
  const [first, ...others] = path;
  return first !== undefined && segmentMatches(head ?? '', first) && antMatches(rest, others);
}

export const brokerMatches = (subscription: string, destination: string): boolean =>
  subscription === destination || (isAntPattern(subscription) && antMatches(subscription.split('/'), destination.split('/')));

/** legacy-contract §6.2's table. */
export function legacyDestination(type: string, userId: string): string {
  switch (type) {
    case 'ABANDONED_PET':
      return `/topic/user/abandoned/${userId}`;
    case 'ADOPTION_REQUEST':
      return `/topic/user/${userId}/adoption`;
    case 'ADOPTION_RESULT':
      return '/topic/admin/adoption/alerts';
    case 'ADMIN_ALERT':
      return '/topic/admin/abandoned/alerts';
    case 'COMMENT':
      return `/topic/user/${userId}/community/comment`;
    case 'LIKE':
      return `/topic/user/${userId}/community/like`;
    default:
      return `/topic/user/${userId}/notifications`;
  }
}

const localNow = () => new Date().toISOString().replace('Z', '');

export const realtimeFake: FakeDomain = (app, state) => {
  state.notifications = [];
  state.dashboard = {
    reportsAdoptions: { reportCount: 2, adoptionCount: 5, pendingReports: 1, pendingAdoptions: 1 },
    donations: { totalAmount: 30000, monthlyCount: 2 },
    abandonedStatus: { lost: 0, protecting: 2, waiting: 1, adopt: 2 },
  };
  state.dashboardUrl = '';
  state.dashboardSocket = null;
  state.dashboardJoins = 0;
  const sessions = new Set<{ socket: WebSocket; subs: Map<string, string> }>();

  state.publishStomp = (destination, body) => {
    for (const s of sessions) {
      for (const [id, dest] of s.subs) {
        if (!brokerMatches(dest, destination)) continue;
        s.socket.send(
          new FrameImpl({
            command: 'MESSAGE',
            headers: { destination, subscription: id, 'message-id': String(Math.random()), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).serialize() as string,
        );
      }
    }
  };
  state.notify = (userId, type, message) => {
    const n: FakeNotification = {
      id: state.notifications.length + 1,
      userId,
      notificationType: type,
      message,
      createdAt: localNow(),
      read: false,
    };
    state.notifications.push(n);
    state.publishStomp(legacyDestination(type, userId), {
      id: null,
      userId,
      notificationType: type,
      message,
      targetUrl: null,
      createdAt: localNow(),
      readAt: null,
      read: false,
    });
    return n;
  };
  state.stompSubscriptions = () => [...sessions].map((s) => [...s.subs.values()]);
  state.dropStompConnections = () => {
    for (const s of sessions) s.socket.terminate();
    sessions.clear();
  };

  const dto = (n: FakeNotification) => ({
    id: n.id,
    userId: n.userId,
    notificationType: n.notificationType,
    message: n.message,
    targetUrl: null,
    createdAt: n.createdAt,
    readAt: null,
    read: n.read,
  });
  const byNewest = (a: FakeNotification, b: FakeNotification) => b.id - a.id;
  const authed = (
    request: Parameters<typeof currentUser>[0],
    reply: { code(n: number): { header(k: string, v: string): { send(): unknown } } },
  ) => {
    if (currentUser(request, state)) return true;
    reply.code(302).header('location', 'http://localhost/login').send();
    return false;
  };

  app.get<{ Params: { userId: string } }>('/api/notifications/user/:userId', async (request, reply) => {
    if (!authed(request, reply)) return reply;
    return state.notifications
      .filter((n) => n.userId === request.params.userId)
      .sort(byNewest)
      .map(dto);
  });
  app.get<{ Params: { userId: string } }>('/api/notifications/user/:userId/unread', async (request, reply) => {
    if (!authed(request, reply)) return reply;
    return state.notifications
      .filter((n) => n.userId === request.params.userId && !n.read)
      .sort(byNewest)
      .map(dto);
  });
  app.put<{ Params: { userId: string } }>('/api/notifications/user/:userId/read-all', async (request, reply) => {
    if (!authed(request, reply)) return reply;
    for (const n of state.notifications) if (n.userId === request.params.userId) n.read = true;
    return reply.code(200).send();
  });
  app.put<{ Params: { id: string } }>('/api/notifications/:id/read', async (request, reply) => {
    if (!authed(request, reply)) return reply;
    const n = state.notifications.find((x) => x.id === Number(request.params.id));
    if (n) n.read = true;
    return reply.code(200).send();
  });
  for (const part of ['reports-adoptions', 'donations', 'abandoned-status'] as const) {
    const key = ({ 'reports-adoptions': 'reportsAdoptions', donations: 'donations', 'abandoned-status': 'abandonedStatus' } as const)[part];
    app.get(`/api/admin/dashboard/${part}`, async (request, reply) => {
      if (!authed(request, reply)) return reply;
      return state.dashboard[key];
    });
  }

  void app.register(async (scope) => {
    await scope.register(websocket);
    scope.get(
      '/ws/websocket',
      {
        websocket: true,
        preValidation: async (request, reply) => {
          // `/ws/**` is behind anyRequest().authenticated(): anonymous → 302 /login.
          if (!currentUser(request, state)) return reply.code(302).header('location', 'http://localhost/login').send();
        },
      },
      (socket) => {
        const session = { socket, subs: new Map<string, string>() };
        sessions.add(session);
        const parser = new Parser(
          (raw) => {
            const frame = FrameImpl.fromRawFrame(raw, true);
            if (frame.command === 'CONNECT' || frame.command === 'STOMP')
              socket.send(new FrameImpl({ command: 'CONNECTED', headers: { version: '1.2', 'heart-beat': '0,0' } }).serialize() as string);
            else if (frame.command === 'SUBSCRIBE') session.subs.set(frame.headers.id ?? '', frame.headers.destination ?? '');
            else if (frame.command === 'UNSUBSCRIBE') session.subs.delete(frame.headers.id ?? '');
            else if (frame.command === 'DISCONNECT') socket.close();
            if (frame.headers.receipt)
              socket.send(new FrameImpl({ command: 'RECEIPT', headers: { 'receipt-id': frame.headers.receipt } }).serialize() as string);
          },
          () => {},
        );
        socket.on('message', (data: Buffer) => parser.parseChunk(data.toString('utf8')));
        socket.on('close', () => sessions.delete(session));
      },
    );
  });

  const dashboardServer = http.createServer();
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve) => dashboardServer.listen(0, '127.0.0.1', resolve));
    const address = dashboardServer.address();
    state.dashboardUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const io = createV2Server(dashboardServer, { transports: ['websocket', 'polling'] });
    state.dashboardSocket = io;
    io.on('connection', (socket) => {
      socket.emit('connected', 'connected');
      socket.on('join_dashboard', () => {
        socket.join('dashboard');
        state.dashboardJoins += 1;
        socket.emit('dashboard_joined', 'joined');
      });
    });
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (state.dashboardSocket ? state.dashboardSocket.close(() => resolve()) : resolve()));
    if (dashboardServer.listening) await new Promise<void>((resolve) => dashboardServer.close(() => resolve()));
  });
};
