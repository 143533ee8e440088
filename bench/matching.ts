/**
 * Matching (issue 28): the scorer's precision and recall on the labelled fixture set
 * (api/src/modules/matching/fixtures), at the display floor and the alert threshold. Counts, not times,
 * so no same-run reference is needed. The set is generated from our own assumptions of how finders
 * describe a dog: the figures measure the scorer against them, not real-world accuracy (decision 0039).
 */
import { evaluate, generateFixtures } from '@pawbridge/api/testing/matching-fixtures';
import { emit } from './lib/report';

const e = evaluate(generateFixtures());
for (const [name, at] of [
  ['display', e.display],
  ['alert', e.alert],
] as const) {
  const detail = { ...at, truePairs: e.truePairs, pairs: e.pairs };
  const note = `score ≥ ${at.threshold}: ${at.truePositives} of ${at.predicted} shown are true; ${at.hardNegativesPassing} look-alikes pass`;
  emit({ bench: 'matching', figure: `scorer precision at ${name} (${at.threshold})`, value: at.precision, note, detail });
  emit({ bench: 'matching', figure: `scorer recall at ${name} (${at.threshold})`, value: at.recall, note, detail });
}
emit({ bench: 'matching', figure: 'scorer top-1 (true match ranked first)', value: e.topOneRate });
