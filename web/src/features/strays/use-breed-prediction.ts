import { useCallback, useEffect, useRef, useState } from 'react';
import type { BreedPrediction } from '@pawbridge/shared';
import { predictBreed } from './api';

export type PredictionState =
  { kind: 'idle' } | { kind: 'off' } | { kind: 'running' } | { kind: 'done'; result: BreedPrediction } | { kind: 'failed' };

/**
 * Asks the server for a breed whenever the photo changes. A failure only
 * means "enter it yourself": it never blocks the report.
 */
export function useBreedPrediction(photo: File | null, enabled: boolean, onResult: (r: BreedPrediction) => void) {
  const [state, setState] = useState<PredictionState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(() => {
    if (!enabled) {
      setState({ kind: photo ? 'off' : 'idle' });
      return;
    }
    if (!photo) {
      setState({ kind: 'idle' });
      return;
    }
    // A newer photo or a retry supersedes the call in flight.
    const ctrl = new AbortController();
    setState({ kind: 'running' });
    predictBreed(photo, ctrl.signal).then(
      (result) => {
        if (ctrl.signal.aborted) return;
        setState({ kind: 'done', result });
        onResultRef.current(result);
      },
      () => {
        if (!ctrl.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => ctrl.abort();
  }, [photo, enabled, attempt]);

  /** "Predict again": drop the shown result and ask again for the current photo. */
  const retry = useCallback(() => {
    setState({ kind: 'idle' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
