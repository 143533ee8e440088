import { useState } from 'react';
import type { Availability } from '@pawbridge/shared';

/** Where one availability check stands for the value it was asked about. */
export type AvailabilityState =
  | { status: 'idle' }
  | { status: 'checking'; value: string }
  | { status: 'free'; value: string }
  | { status: 'taken'; value: string }
  /** Could not ask (rate limit, server away): the signup's own answer still decides. */
  | { status: 'failed'; value: string; error: unknown };

/**
 * One availability-check button (user id or nickname): `check(value)` asks the server, and the answer
 * only counts while the field still holds that value (`stateFor`).
 */
export function useAvailability(ask: (value: string) => Promise<Availability>) {
  const [state, setState] = useState<AvailabilityState>({ status: 'idle' });

  const check = async (value: string): Promise<AvailabilityState> => {
    setState({ status: 'checking', value });
    let next: AvailabilityState;
    try {
      next = { status: (await ask(value)).available ? 'free' : 'taken', value };
    } catch (error) {
      next = { status: 'failed', value, error };
    }
    setState(next);
    return next;
  };

  /** The state, as long as it is about `current`; idle once the field changed. */
  const stateFor = (current: string): AvailabilityState =>
    state.status !== 'idle' && state.value === current ? state : { status: 'idle' };

  return { check, stateFor, reset: () => setState({ status: 'idle' }) };
}
