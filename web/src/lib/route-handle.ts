import type { MessageKey } from '@/messages';

/** What a route tells the layout: its document title (`handle.title`, a catalogue key). */
export interface RouteHandle {
  title?: MessageKey;
}
