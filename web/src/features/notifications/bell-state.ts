import type { FeedNotification } from '@pawbridge/shared';

/** A notification in the bell; live messages from the legacy have no id, so each gets a local key. */
export type BellItem = FeedNotification & { key: string };

export interface BellState {
  items: BellItem[];
  badge: number;
  seq: number;
}

export type BellAction =
  | { type: 'loaded'; list: FeedNotification[]; /** Unread on all pages (the list is the newest page). */ unreadTotal?: number }
  | { type: 'live'; notification: FeedNotification }
  | { type: 'opened' }
  | { type: 'removed'; key: string };

export const initialBell: BellState = { items: [], badge: 0, seq: 0 };

const keyOf = (n: FeedNotification, seq: number) => (n.id !== null ? `n-${n.id}` : `live-${seq}`);
const newestFirst = (a: BellItem, b: BellItem) => b.createdAt.localeCompare(a.createdAt);

/**
 * The bell (spec §4 Notification bell): opening marks all read and zeroes the
 * badge; removing one drops it and takes one off the badge if it was unread
 * (never below 0); a live message goes on top and adds one. The server's unread
 * list is the truth for what is unread: a refetch replaces every unread item
 * and keeps the read ones still on screen. It is the newest page; the badge
 * counts every unread one (its total).
 */
export function bellReducer(state: BellState, action: BellAction): BellState {
  switch (action.type) {
    case 'loaded': {
      let seq = state.seq;
      const fresh = action.list.map((n) => ({ ...n, key: keyOf(n, ++seq) }));
      const ids = new Set(fresh.map((n) => n.id));
      const keptRead = state.items.filter((i) => i.read && !(i.id !== null && ids.has(i.id)));
      return {
        items: [...fresh, ...keptRead].sort(newestFirst),
        badge: Math.max(action.unreadTotal ?? 0, fresh.filter((n) => !n.read).length),
        seq,
      };
    }
    case 'live': {
      const n = action.notification;
      if (n.id !== null && state.items.some((i) => i.id === n.id)) return state;
      const seq = state.seq + 1;
      return { items: [{ ...n, key: keyOf(n, seq) }, ...state.items], badge: state.badge + (n.read ? 0 : 1), seq };
    }
    case 'opened':
      return { ...state, items: state.items.map((i) => (i.read ? i : { ...i, read: true })), badge: 0 };
    case 'removed': {
      const item = state.items.find((i) => i.key === action.key);
      if (!item) return state;
      return {
        ...state,
        items: state.items.filter((i) => i.key !== action.key),
        badge: item.read ? state.badge : Math.max(0, state.badge - 1),
      };
    }
  }
}
