import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@pawbridge/shared';
import { formatCountdown, useCountdown } from './use-countdown';

describe('formatCountdown', () => {
  it('shows m:ss with zero-padded seconds', () => {
    expect(formatCountdown(LIMITS.verificationCountdownSeconds)).toBe('2:00');
    expect(formatCountdown(119)).toBe('1:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(59.7)).toBe('0:59');
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
  });

  it('counts down second by second and stops at 0', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(120));
    expect(result.current.remaining).toBe(120);
    expect(result.current.running).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(119);

    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.remaining).toBe(61);

    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);

    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.remaining).toBe(0);
  });

  it('follows the clock, not the number of ticks (throttled tabs still expire on time)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(120));
    // Jump the clock without running the intervals in between, as a background tab would.
    act(() => {
      vi.setSystemTime(Date.now() + 100_000);
      vi.advanceTimersToNextTimer();
    });
    expect(result.current.remaining).toBe(20);
  });

  it('restarts from the full time when started again', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(120));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.remaining).toBe(90);
    act(() => result.current.start(120));
    expect(result.current.remaining).toBe(120);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(119);
  });

  it('stop clears the countdown', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(120));
    act(() => result.current.stop());
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.remaining).toBe(0);
  });
});
