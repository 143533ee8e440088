import { readBreed } from './breeds';
import type { MatchRecord, Species } from './match-record';
import { LIMITS, POINTS, ALERT_THRESHOLD, DISPLAY_FLOOR } from './points';
import type { MatchReason, MatchResult } from './reasons';
import { RULES, daysBetween, kmBetween, sameRegistration } from './rules';

export { ALERT_THRESHOLD, DISPLAY_FLOOR };

const speciesOf = (r: MatchRecord): Species => r.species ?? readBreed(r.breed).species ?? 'DOG';

/**
 * A lost report against one candidate (found/seen post, member's stray report, shelter notice): excluded,
 * or a score 0–100 with its reasons. Pure: no I/O, no clock. Decision 0039 holds the table and the why.
 */
export function scoreMatch(lost: MatchRecord, found: MatchRecord): MatchResult {
  const certain = sameRegistration(lost, found);
  if (!certain) {
    if (speciesOf(lost) !== speciesOf(found)) return { excluded: 'SPECIES_DIFFERS' };
    const days = daysBetween(lost, found);
    if (days < -LIMITS.earlyToleranceDays) return { excluded: 'FOUND_BEFORE_LOST' };
    if (days > LIMITS.lookbackDays) return { excluded: 'TOO_LATE' };
    const km = kmBetween(lost, found);
    if (km !== null && km > LIMITS.maxKm) return { excluded: 'TOO_FAR' };
  }
  const reasons: MatchReason[] = [];
  if (certain) reasons.push({ code: 'SAME_REGISTRATION', points: POINTS.certain });
  for (const rule of RULES) {
    const reason = rule(lost, found);
    if (reason) reasons.push(reason);
  }
  const sum = reasons.reduce((s, r) => s + r.points, 0);
  const score = certain ? 100 : Math.max(0, Math.min(100, Math.round(sum)));
  return { excluded: null, score, reasons };
}

export const shown = (r: MatchResult) => r.excluded === null && r.score >= DISPLAY_FLOOR;
export const alerts = (r: MatchResult) => r.excluded === null && r.score >= ALERT_THRESHOLD;
