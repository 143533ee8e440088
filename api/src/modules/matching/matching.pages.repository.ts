import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Prune } from './matching.prefilter';
import { hashList, hashesOf, num, packed, page, value, words, type Paged } from './matching.page-text.repository';
import {
  boxFilter,
  breedWordsHeld,
  hashesNear,
  keepPointed,
  keepShelter,
  pointIn,
  shelterArms,
  sightingArms,
} from './matching.prune.repository';
import type { LostPostFacts, ShelterFacts, StrayFacts, Window } from './matching.repository';
import type { CandidateKind } from './matching.tables';

/**
 * The pages a matching job scores (decision 0049): each side's query, read as one text value
 * (matching.page-text.repository.ts) instead of thousands of rows each made into an object by the driver
 * and renamed by the camel-case plugin (that per-row work was most of a missing report's job at scale,
 * decision 0047). Only the columns the scorer reads, the photo hashes among them (kept on the row by
 * migration 0027's triggers); the pre-filter's conditions come from matching.prune.repository.ts. Same
 * SQL on PGlite and Postgres.
 */

/** What a page's lost post carries: the scorer's columns only (fromLostPost reads no more). */
export type PostPageFacts = Omit<LostPostFacts, 'authorPk' | 'status' | 'hidden' | 'sido'>;
export type StrayPageFacts = StrayFacts;
export type ShelterPageFacts = Omit<ShelterFacts, 'sido'>;

/**
 * Instead of a window: the records a re-scoring job's record is paired with now, undecided (NEW) — those
 * its new place, time or words may have put outside its window (decision 0049 amended). Its side as
 * the lost post (`lostPostId`) or as the candidate.
 */
export type Paired = { pairedWith: { lostPostId: number } | { candidateKind: CandidateKind; candidateId: string } };

const isPaired = (w: Window | Paired): w is Paired => 'pairedWith' in w;

/** The candidate ids of a missing report's undecided pairs of these kinds (numbers for posts and strays). */
const candidatesOf = (lostPostId: number, kinds: CandidateKind[], as: 'integer' | 'text') =>
  sql`(SELECT candidate_id::${sql.raw(as)} FROM match_candidates WHERE lost_post_id = ${lostPostId} AND status = 'NEW'
    AND candidate_kind IN (${sql.join(kinds.map((k) => sql`${k}`))}))`;

/** The box as one condition on the exact point, answered by the GiST indexes of migrations 0023 and 0029. */
const inBox = pointIn;

/**
 * A page asked for first with the pre-filter's index conditions by breed group (`breed` true), checking
 * in the same statement that the word table holds this code's words; if it did not (instances of two
 * versions during a deploy), asked again without them. Without a breed to ask by, asked once.
 */
async function byBreed<R>(
  prune: Prune | null,
  read: (breed: boolean, check?: RawBuilder<unknown>) => Promise<Paged<R>>,
): Promise<Paged<R>> {
  if (!prune?.breed) return read(false);
  const first = await read(true, breedWordsHeld(prune.breed.digest));
  return first.held === false ? read(false) : first;
}

/** Found/seen posts (sightings) or open missing reports of the window, by id after `after`. */
export function postsPage(
  db: Db,
  which: 'sightings' | 'missing',
  w: Window | Paired,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<PostPageFacts>> {
  const where = which === 'sightings' ? sql`kind <> 'MISSING'` : sql`kind = 'MISSING' AND status = 'OPEN'`;
  // The box as an index condition, or (`arms`: the pre-filter's index conditions are there) as a plain
  // filter, so the planner answers from those arms alone instead of reading the whole box by it.
  const scopeOf = (arms: boolean): RawBuilder<unknown> | null => {
    if (isPaired(w)) {
      const p = w.pairedWith;
      return 'lostPostId' in p
        ? sql`id IN ${candidatesOf(p.lostPostId, ['FOUND', 'SEEN'], 'integer')}`
        : sql`id IN (SELECT lost_post_id FROM match_candidates WHERE candidate_kind = ${p.candidateKind} AND candidate_id = ${p.candidateId} AND status = 'NEW')`;
    }
    const place = w.box ? (arms ? boxFilter(w.box) : inBox(w.box)) : w.sido ? sql`sido = ${w.sido}` : null;
    return place && sql`${place} AND happened_date >= ${w.from}::date AND happened_date <= ${w.to}::date`;
  };
  if (!scopeOf(false)) return Promise.resolve({ rows: [], later: new Set() });
  const window = isPaired(w) || which !== 'sightings' ? null : w;
  return byBreed(prune, (breed, check) => {
    // The index conditions of the pre-filter (a superset of the rows it keeps: the conditions below decide).
    const arms = window && sightingArms(prune, window, breed);
    const scope = scopeOf(arms !== null)!;
    return page<PostPageFacts>(
      db,
      sql`SELECT ${packed(
        [
          value('p.id'),
          value('p.kind'),
          words('p.breed'),
          value('p.gender'),
          value('p.size'),
          value('p.weight'),
          words('p.colour'),
          words('p.registration_no'),
          value('p.latitude'),
          value('p.longitude'),
          words('p.sigungu'),
          value('p.happened_date'),
          words('p.happened_time'),
          hashList('p.phashes'),
        ],
        'p.id',
      )}
      FROM (SELECT id, kind, breed, gender, size, weight, colour, registration_no, latitude, longitude, sigungu, happened_date, happened_time, phashes
        FROM lost_posts
        WHERE NOT hidden AND ${where} AND ${scope} AND id > ${after} ${arms ? sql`AND ${arms}` : sql``}
          AND ${keepPointed(prune, sql`gender`, hashesNear)}
        ORDER BY id LIMIT ${limit}) p`,
      jobId,
      (t) => [t[1]!, t[0]!],
      (t) => ({
        id: Number(t[0]),
        kind: t[1] as PostPageFacts['kind'],
        breed: t[2] ?? null,
        gender: t[3] as PostPageFacts['gender'],
        size: t[4] as PostPageFacts['size'],
        weight: num(t[5] ?? null),
        colour: t[6] ?? null,
        registrationNo: t[7] ?? null,
        latitude: Number(t[8]),
        longitude: Number(t[9]),
        sigungu: t[10] ?? null,
        happenedDate: t[11]!,
        happenedTime: t[12]!,
        phashes: hashesOf(t[13]!),
      }),
      check,
    );
  });
}

/** Member stray reports of the window's box, by id after `after` (one photo each, its hash on the row). */
export function straysPage(
  db: Db,
  w: Window | Paired,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<StrayPageFacts>> {
  let scope: RawBuilder<unknown> | null;
  if (isPaired(w)) {
    const p = w.pairedWith;
    scope = 'lostPostId' in p ? sql`id IN ${candidatesOf(p.lostPostId, ['STRAY'], 'integer')}` : null;
  } else {
    scope = w.box && sql`found_date >= ${w.from}::date AND found_date <= ${w.to}::date AND ${inBox(w.box)}`;
  }
  if (!scope) return Promise.resolve({ rows: [], later: new Set() });
  return page<StrayPageFacts>(
    db,
    sql`SELECT ${packed(
      [
        value('s.id'),
        words('s.type'),
        value('s.gender'),
        value('s.latitude'),
        value('s.longitude'),
        value('s.found_date'),
        words('s.found_time'),
        value('s.photo_hash'),
      ],
      's.id',
    )}
      FROM (SELECT id, type, gender, latitude, longitude, found_date, found_time, photo_hash FROM stray_reports
        WHERE ${scope} AND id > ${after}
          AND ${keepPointed(prune, sql`gender`, (near) => near(sql`photo_hash`))}
        ORDER BY id LIMIT ${limit}) s`,
    jobId,
    (t) => ['STRAY', t[0]!],
    (t) => ({
      id: Number(t[0]),
      type: t[1] ?? null,
      gender: t[2] as StrayFacts['gender'],
      latitude: Number(t[3]),
      longitude: Number(t[4]),
      foundDate: t[5]!,
      foundTime: t[6]!,
      photoHash: t[7] ?? null,
    }),
  );
}

/** Open shelter notices of the window's 시·도 (notices carry no point), by desertion number after `after`. */
export function sheltersPage(
  db: Db,
  w: Window | Paired,
  after: string,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<ShelterPageFacts>> {
  let scope: RawBuilder<unknown> | null;
  if (isPaired(w)) {
    const p = w.pairedWith;
    scope = 'lostPostId' in p ? sql`desertion_no IN ${candidatesOf(p.lostPostId, ['SHELTER'], 'text')}` : null;
  } else {
    scope = w.sido ? sql`sido = ${w.sido} AND happen_date >= ${w.from}::date AND happen_date <= ${w.to}::date` : null;
  }
  if (!scope) return Promise.resolve({ rows: [], later: new Set() });
  const window = isPaired(w) ? null : w;
  return byBreed(prune, (breed, check) => {
    // With the pre-filter's arms (each holding the 시·도 and days), the scope as a plain filter (as for sightings).
    const arms = window && shelterArms(prune, window, breed);
    const within = arms
      ? sql`sido IS NOT DISTINCT FROM ${window!.sido} AND happen_date BETWEEN ${window!.from}::date AND ${window!.to}::date`
      : scope;
    return page<ShelterPageFacts>(
      db,
      sql`SELECT ${packed(
        [
          words('a.desertion_no'),
          words('a.kind'),
          words('a.color'),
          value('a.sex'),
          value('a.neutered'),
          value('a.birth_year'),
          value('a.weight_kg'),
          value('a.happen_date'),
          words('a.sigungu'),
          hashList('a.phashes'),
        ],
        'a.desertion_no',
      )}
      FROM (SELECT desertion_no, kind, color, sex, neutered, birth_year, weight_kg, happen_date, sigungu, phashes FROM shelter_animals
        WHERE ${within} AND status = 'OPEN' AND desertion_no > ${after} ${arms ? sql`AND ${arms}` : sql``}
          AND ${keepShelter(prune, hashesNear)}
        ORDER BY desertion_no LIMIT ${limit}) a`,
      jobId,
      (t) => ['SHELTER', t[0]!],
      (t) => ({
        desertionNo: t[0]!,
        kind: t[1]!,
        color: t[2] ?? null,
        sex: t[3] as ShelterPageFacts['sex'],
        neutered: t[4] as ShelterPageFacts['neutered'],
        birthYear: num(t[5] ?? null),
        weightKg: num(t[6] ?? null),
        happenDate: t[7]!,
        sigungu: t[8] ?? null,
        phashes: hashesOf(t[9]!),
      }),
      check,
    );
  });
}
