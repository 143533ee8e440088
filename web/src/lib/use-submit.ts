import { useCallback, useState } from 'react';
import useSWRMutation, { type SWRMutationConfiguration } from 'swr/mutation';

/**
 * A form's submit as an SWR mutation on `key` (afterwards SWR revalidates what reads
 * that key). `submitting` flips with the outcome itself: SWR's own `isMutating` is
 * set inside a React transition and can lag the success or failure notice, which
 * would leave the button disabled next to "login failed" for a moment.
 */
export function useSubmit<A, R>(key: string, send: (arg: A) => Promise<R>, config?: SWRMutationConfiguration<R, unknown, string, A>) {
  // Typed as the one form used here: SWR's trigger type is a union over optional arguments.
  const mutate = useSWRMutation(key, (_key: string, { arg }: { arg: A }) => send(arg), config).trigger as (arg: A) => Promise<R>;
  const [submitting, setSubmitting] = useState(false);
  const trigger = useCallback(
    async (arg: A): Promise<R> => {
      setSubmitting(true);
      try {
        return await mutate(arg);
      } finally {
        setSubmitting(false);
      }
    },
    [mutate],
  );
  return { trigger, submitting };
}
