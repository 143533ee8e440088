import type { FastifyRequest } from 'fastify';
import { LIMITS, type AdoptionApplication, type PageQuery, type PetStatus, type SessionUser, type Stray } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseApplicationList, withStrayIds } from '../normalisers/adoption.normaliser';
import { adoptionFeatures, adoptionUpstream, strayStatusAfter } from './adoption.upstream';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { pageFrom, type Page } from './paging';
import type { StraysGateway } from './strays.gateway';

const applicationNotFound = () => BffError.because(404, 'NOT_FOUND', 'APPLICATION_NOT_FOUND');

/**
 * Why the caller may not apply for `strayId` now, or undefined when they may.
 * The legacy never refuses a repeat (it even moves an adopted dog back to
 * WAITING), so the BFF decides from the list and the caller's applications.
 */
function applyRefusal(strayId: number, strays: Stray[], mine: AdoptionApplication[]): BffError | undefined {
  const previous = withStrayIds(mine, strays).find((a) => a.adoptPetId === strayId);
  if (previous)
    return previous.adoptStatus === 'REJECTED'
      ? BffError.because(409, 'ALREADY_APPLIED', 'ADOPTION_REJECTED_BEFORE')
      : new BffError(409, 'ALREADY_APPLIED');
  const stray = strays.find((s) => s.id === strayId);
  if (!stray) return BffError.because(404, 'NOT_FOUND', 'STRAY_NOT_LISTED');
  if (stray.status !== 'PROTECTING') return BffError.because(409, 'INVALID_STATE', 'STRAY_NOT_AVAILABLE');
  if (mine.filter((a) => a.adoptStatus === 'REQUESTED').length >= LIMITS.openAdoptionApplicationsMax)
    return new BffError(409, 'APPLICATION_LIMIT_REACHED');
  return undefined;
}

/** Members' adoption calls against either upstream (spec §7 Adoption). */
export class AdoptionGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly strays: StraysGateway,
  ) {
    this.up = adoptionUpstream(client);
  }

  /** The caller's own applications plus what the upstream announces it can do with them. */
  private async mineWithFeatures(
    request: FastifyRequest,
    user: SessionUser,
    page?: PageQuery,
  ): Promise<{ mine: AdoptionApplication[]; features: Set<string>; res: UpstreamResponse }> {
    const res = await this.up.myApplications(request, page);
    if (!isOk(res)) throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED') });
    // The legacy answers everyone's applications: keep the caller's by login id.
    const me = user.userId.toLowerCase();
    const mine = normaliseApplicationList(res.json)
      .filter((a) => a.userName.toLowerCase() === me)
      // A member's own list never carries contact details (they are for the admin).
      .map((a) => ({ ...a, applicantName: null, applicantEmail: null, applicantPhone: null }));
    return { mine, features: adoptionFeatures(res), res };
  }

  private async applyState(request: FastifyRequest, user: SessionUser) {
    const [strays, { mine }] = await Promise.all([this.strays.publicList(request), this.mineWithFeatures(request, user)]);
    return { strays, mine };
  }

  async apply(request: FastifyRequest, user: SessionUser, strayId: number): Promise<void> {
    const before = await this.applyState(request, user);
    const refusal = applyRefusal(strayId, before.strays, before.mine);
    if (refusal) throw refusal;
    const res = await this.up.apply(request, strayId);
    if (isOk(res)) return;
    if (res.status === 409) {
      // Only under a race: decided again from the state the upstream refused, never from its wording.
      const after = await this.applyState(request, user);
      throw applyRefusal(strayId, after.strays, after.mine) ?? BffError.because(409, 'INVALID_STATE', 'STRAY_NOT_AVAILABLE');
    }
    throw toBffError(res, {
      401: BffError.because(401, 'UNAUTHENTICATED', 'APPLY_LOGIN_REQUIRED'),
      404: BffError.because(404, 'NOT_FOUND', 'STRAY_NOT_LISTED'),
    });
  }

  /**
   * One page of the caller's applications, newest first. Our api pages them; the
   * legacy's (everyone's) are filtered to the caller and cut here. The adopt list
   * is read only when an application lacks its stray id (the legacy's).
   */
  async minePage(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const { mine, res } = await this.mineWithFeatures(request, user, page);
    const { items, total } = pageFrom(res, mine, page);
    if (!items.some((a) => a.adoptPetId === null && a.petImageUrl)) return { items, total };
    return { items: withStrayIds(items, await this.strays.publicList(request).catch(() => [])), total };
  }

  /** Withdraw one of the caller's REQUESTED applications (our api only); the stray's status after. */
  async withdraw(request: FastifyRequest, user: SessionUser, applicationId: number): Promise<PetStatus | null> {
    const { mine, features } = await this.mineWithFeatures(request, user);
    if (!features.has('withdraw')) throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'WITHDRAW_UNSUPPORTED');
    const own = mine.find((a) => a.id === applicationId);
    if (!own) throw applicationNotFound();
    if (own.adoptStatus !== 'REQUESTED') throw BffError.because(409, 'INVALID_STATE', 'WITHDRAW_NOT_REQUESTED');
    const res = await this.up.withdraw(request, applicationId);
    if (!isOk(res))
      throw toBffError(res, { 404: applicationNotFound(), 409: BffError.because(409, 'INVALID_STATE', 'WITHDRAW_NOT_REQUESTED') });
    return strayStatusAfter(res);
  }
}
