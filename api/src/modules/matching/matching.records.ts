import type { PostPageFacts, ShelterPageFacts, StrayPageFacts } from './matching.pages.repository';
import type { EmbeddedRecordKind } from './matching.tables';
import type { AgeBand, MatchRecord, Sex } from './scorer/match-record';

/**
 * Each stored record in the scorer's one shape (scorer/match-record.ts). Dates and times are Seoul's
 * wall clock; a record with only a date is taken at noon. Shelter notices carry no point: only their
 * 시·군·구 words.
 */
const instants = new Map<string, number>();
/** Parsed once per date and time seen (a job reads thousands of records over a few dozen days); a fresh Date each call. */
const seoul = (date: string, time = '12:00') => {
  const key = `${date}T${time}:00+09:00`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= 50_000) instants.clear();
    ms = Date.parse(key);
    instants.set(key, ms);
  }
  return new Date(ms);
};

/**
 * Every record is built by `record` with all its fields in one order: a job builds a thousand or more, and
 * an object literal spread over defaults (then overwritten) cost about 1.7 µs each, most of a page's
 * building (decision 0051); one shape also keeps the scorer's reads of the three kinds alike.
 */
function record(
  kind: MatchRecord['kind'],
  id: string,
  at: Date,
  f: Partial<Omit<MatchRecord, 'kind' | 'id' | 'at' | 'embeddings'>>,
): MatchRecord {
  return {
    kind,
    id,
    species: f.species ?? null,
    breed: f.breed ?? null,
    sex: f.sex ?? null,
    neutered: f.neutered ?? null,
    size: f.size ?? null,
    weightKg: f.weightKg ?? null,
    colour: f.colour ?? null,
    ageBand: f.ageBand ?? null,
    registrationNo: f.registrationNo ?? null,
    position: f.position ?? null,
    sigungu: f.sigungu ?? null,
    at,
    photoHashes: f.photoHashes ?? [],
  };
}

export function fromLostPost(p: PostPageFacts): MatchRecord {
  return record(p.kind, String(p.id), seoul(p.happenedDate, p.happenedTime), {
    breed: p.breed,
    sex: p.gender === 'MALE' || p.gender === 'FEMALE' ? p.gender : null,
    neutered: p.gender === 'NEUTER' ? true : null,
    size: p.size,
    weightKg: p.weight,
    colour: p.colour,
    registrationNo: p.registrationNo,
    position: { lat: p.latitude, lng: p.longitude },
    sigungu: p.sigungu,
    photoHashes: p.phashes,
  });
}

export function fromStray(s: StrayPageFacts): MatchRecord {
  return record('STRAY', String(s.id), seoul(s.foundDate, s.foundTime), {
    breed: s.type,
    sex: s.gender,
    position: { lat: s.latitude, lng: s.longitude },
    photoHashes: s.photoHash ? [s.photoHash] : [],
  });
}

/** Age from the birth year the portal gives, at the time the dog was found. */
export function ageBandOf(birthYear: number | null, foundYear: number): AgeBand | null {
  if (birthYear === null) return null;
  const age = foundYear - birthYear;
  return age < 1 ? 'PUPPY' : age < 3 ? 'YOUNG' : age < 8 ? 'ADULT' : 'SENIOR';
}

export function fromShelter(a: ShelterPageFacts): MatchRecord {
  const sex: Sex | null = a.sex === 'M' ? 'MALE' : a.sex === 'F' ? 'FEMALE' : null;
  return record('SHELTER', a.desertionNo, seoul(a.happenDate), {
    breed: a.kind,
    sex,
    neutered: a.neutered === 'Y' ? true : a.neutered === 'N' ? false : null,
    weightKg: a.weightKg,
    colour: a.color,
    ageBand: ageBandOf(a.birthYear, Number(a.happenDate.slice(0, 4))),
    sigungu: a.sigungu,
    photoHashes: a.phashes,
  });
}

/** One stored photo vector (photo_embeddings, 0022). */
export interface StoredVector {
  recordKind: EmbeddedRecordKind;
  recordId: string;
  modelId: string;
  vector: Float32Array;
}

/**
 * The record with `embeddings`: the vectors of its own photos made by the current model only (another
 * model's vectors live in another space and are never compared, decision 0046). None → the field stays absent.
 */
export function withEmbeddings(record: MatchRecord, kind: EmbeddedRecordKind, vectors: StoredVector[], modelId: string): MatchRecord {
  const own = vectors.filter((v) => v.modelId === modelId && v.recordKind === kind && v.recordId === record.id);
  return own.length === 0 ? record : { ...record, embeddings: own.map((v) => Array.from(v.vector)) };
}
