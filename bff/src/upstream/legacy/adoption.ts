import type { FastifyRequest } from 'fastify';
import {
  LIMITS,
  type AdoptionApplication,
  type PageQuery,
  type PetStatus,
  type SessionUser,
  type Stray,
  mayApplyFor,
} from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normaliseApplicationList, withStrayIds } from '../../normalisers/adoption.normaliser';
import {
  alreadyApplied,
  applyFailures,
  limitReached,
  rejectedBefore,
  strayNotAvailable,
  strayNotListed,
  withoutContact,
  type AdoptionGateway,
} from '../adoption.gateway';
import { adoptionUpstream } from '../adoption.upstream';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from '../client';
import { pageFrom, type Page } from '../paging';
import type { LegacyStraysGateway } from './strays';

/**
 * Why the caller may not apply for `strayId` now, or undefined when they may.
 * The legacy never refuses a repeat (it even moves an adopted dog back to
 * WAITING), so the BFF decides from the list and the caller's applications.
 */
function applyRefusal(strayId: number, strays: Stray[], mine: AdoptionApplication[]): BffError | undefined {
  const previous = withStrayIds(mine, strays).find((a) => a.adoptPetId === strayId);
  if (previous) return previous.adoptStatus === 'REJECTED' ? rejectedBefore() : alreadyApplied();
  const stray = strays.find((s) => s.id === strayId);
  if (!stray) return strayNotListed();
  if (!mayApplyFor(stray.status)) return strayNotAvailable();
  if (mine.filter((a) => a.adoptStatus === 'REQUESTED').length >= LIMITS.openAdoptionApplicationsMax) return limitReached();
  return undefined;
}

/**
 * Adoption in front of the legacy Spring service, which lists everyone's
 * applications unpaged, accepts any apply and has no withdraw: every apply is
 * checked against the adopt list and the caller's applications first.
 */
export class LegacyAdoptionGateway implements AdoptionGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly strays: LegacyStraysGateway,
  ) {
    this.up = adoptionUpstream(client);
  }

  /** The caller's own applications: the legacy answers everyone's, kept here by login id. */
  private async mine(
    request: FastifyRequest,
    user: SessionUser,
    page?: PageQuery,
  ): Promise<{ mine: AdoptionApplication[]; res: UpstreamResponse }> {
    const res = await this.up.myApplications(request, page);
    if (!isOk(res)) throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED') });
    const me = user.userId.toLowerCase();
    const mine = withoutContact(normaliseApplicationList(res.json).filter((a) => a.userName.toLowerCase() === me));
    return { mine, res };
  }

  private async applyState(request: FastifyRequest, user: SessionUser) {
    const [strays, { mine }] = await Promise.all([this.strays.publicList(request), this.mine(request, user)]);
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
      throw applyRefusal(strayId, after.strays, after.mine) ?? strayNotAvailable();
    }
    throw toBffError(res, applyFailures);
  }

  /** The caller's applications filtered and cut here; the adopt list is read only to fill in missing stray ids. */
  async minePage(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const { mine, res } = await this.mine(request, user, page);
    const { items, total } = pageFrom(res, mine, page);
    if (!items.some((a) => a.adoptPetId === null && a.petImageUrl)) return { items, total };
    return { items: withStrayIds(items, await this.strays.publicList(request).catch(() => [])), total };
  }

  async withdraw(): Promise<PetStatus | null> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'WITHDRAW_UNSUPPORTED');
  }
}
