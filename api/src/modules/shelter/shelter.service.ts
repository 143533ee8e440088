import type { FastifyBaseLogger } from 'fastify';
import { seoulToday, type ShelterAnimal, type ShelterListQuery, type ShelterStatus, type SyncRun } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { ApiHttpError, bootError } from '../../lib/errors';
import { ShelterRepository, type ShelterAnimalRow, type SyncRunRow } from './shelter.repository';

/** How long after its notice ended an open animal still counts as active (the portal's status lags). */
export const ACTIVE_GRACE_DAYS = 30;

/** A coded Boot-style error body: the BFF maps `code` to its envelope. */
export const shelterError = (status: number, code: string, path: string, reason?: string) =>
  new ApiHttpError(status, {
    ...bootError(
      status,
      status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : status === 503 ? 'Service Unavailable' : 'Bad Gateway',
      path,
    ),
    code,
    ...(reason ? { reason } : {}),
  });

/** 'YYYY-MM-DD' moved by `days`. */
export function addDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The wire status: an open animal is NOTICE while its notice runs (end ≥ today
 * in Seoul) and PROTECTING after it (or without one) — even when the portal
 * still says it is being protected past the end, the web shows the notice as ended.
 */
export function wireStatus(row: Pick<ShelterAnimalRow, 'status' | 'noticeEnd'>, today: string): ShelterStatus {
  if (row.status !== 'OPEN') return row.status;
  return row.noticeEnd && row.noticeEnd >= today ? 'NOTICE' : 'PROTECTING';
}

export function toShelterAnimal(row: ShelterAnimalRow, today: string): ShelterAnimal {
  const imageUrls = [row.image1Url, row.image2Url].flatMap((url, i) => (url ? [`/shelter-images/${row.desertionNo}/${i + 1}`] : []));
  return {
    desertionNo: row.desertionNo,
    kind: row.kind,
    color: row.color,
    sex: row.sex,
    neutered: row.neutered,
    birthYear: row.birthYear,
    ageText: row.ageText,
    weightKg: row.weightKg,
    happenDate: row.happenDate,
    happenPlace: row.happenPlace,
    noticeNo: row.noticeNo,
    noticeStart: row.noticeStart,
    noticeEnd: row.noticeEnd,
    processState: row.processState,
    status: wireStatus(row, today),
    specialMark: row.specialMark,
    shelter: { name: row.shelterName, tel: row.shelterTel, address: row.shelterAddress, regNo: row.careRegNo },
    region: { sido: row.sido, sigungu: row.sigungu },
    imageUrls,
    updatedAt: (row.portalUpdatedAt ?? row.syncedAt).toISOString(),
  };
}

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    status: row.status,
    pages: row.pages,
    fetched: row.fetched,
    created: row.created,
    updated: row.updated,
    error: row.error,
  };
}

/** The public list and detail of synced shelter animals. */
export class ShelterService {
  private readonly repo: ShelterRepository;

  constructor(
    ctx: ApiContext,
    readonly log: FastifyBaseLogger,
  ) {
    this.repo = new ShelterRepository(ctx.db);
  }

  async list(q: ShelterListQuery, now = new Date()): Promise<{ items: ShelterAnimal[]; total: number }> {
    const today = seoulToday(now);
    const { rows, total } = await this.repo.list({
      foundDateFrom: q.foundDateFrom,
      foundDateTo: q.foundDateTo,
      place: q.place || undefined,
      sido: q.sido || undefined,
      state: q.state,
      activeSince: addDays(today, -ACTIVE_GRACE_DAYS),
      limit: q.size,
      offset: (q.page - 1) * q.size,
    });
    return { items: rows.map((r) => toShelterAnimal(r, today)), total };
  }

  async get(desertionNo: string, path: string, now = new Date()): Promise<ShelterAnimal> {
    const row = await this.repo.find(desertionNo);
    if (!row) throw shelterError(404, 'SHELTER_ANIMAL_NOT_FOUND', path);
    return toShelterAnimal(row, seoulToday(now));
  }

  async run(id: number): Promise<SyncRun | undefined> {
    const row = await this.repo.findRun(id);
    return row ? toSyncRun(row) : undefined;
  }

  async runs(page: number, size: number): Promise<{ items: SyncRun[]; total: number }> {
    const { rows, total } = await this.repo.listRuns(size, (page - 1) * size);
    return { items: rows.map(toSyncRun), total };
  }
}
