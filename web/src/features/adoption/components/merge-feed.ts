/** One source of the adopt list as loaded so far: its items in its own order, and whether more pages exist. */
export interface FeedSource<T> {
  items: readonly T[];
  done: boolean;
}

export type FeedItem<A, B> = { source: 'member'; item: A } | { source: 'shelter'; item: B };

/**
 * Both sources in one list, one of each in turn, each in its own order (our
 * strays by status then date, shelter animals by found date). The merge stops
 * where a source has no loaded item left but more pages to come, so loading
 * the next page only ever adds to the end: what is on screen never moves
 * while scrolling. `waiting` names the sources the next "more" must load.
 */
export function mergeFeed<A, B>(
  member: FeedSource<A>,
  shelter: FeedSource<B>,
): { items: FeedItem<A, B>[]; waiting: ('member' | 'shelter')[] } {
  const items: FeedItem<A, B>[] = [];
  let i = 0;
  let j = 0;
  let turn: 'member' | 'shelter' = 'member';
  for (;;) {
    const left = turn === 'member' ? i < member.items.length : j < shelter.items.length;
    const done = turn === 'member' ? member.done : shelter.done;
    if (left) {
      if (turn === 'member') items.push({ source: 'member', item: member.items[i++] as A });
      else items.push({ source: 'shelter', item: shelter.items[j++] as B });
      turn = turn === 'member' ? 'shelter' : 'member';
      continue;
    }
    if (!done) break;
    const otherLeft = turn === 'member' ? j < shelter.items.length : i < member.items.length;
    if (!otherLeft) break;
    turn = turn === 'member' ? 'shelter' : 'member';
  }
  const waiting: ('member' | 'shelter')[] = [];
  if (i >= member.items.length && !member.done) waiting.push('member');
  if (j >= shelter.items.length && !shelter.done) waiting.push('shelter');
  return { items, waiting };
}
