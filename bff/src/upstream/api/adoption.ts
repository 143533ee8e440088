import type { FastifyRequest } from 'fastify';
import type { AdoptionApplication, PageQuery, PetStatus } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normaliseApplicationList } from '../../normalisers/adoption.normaliser';
import {
  alreadyApplied,
  applicationNotFound,
  applyFailures,
  limitReached,
  rejectedBefore,
  strayNotAvailable,
  strayNotListed,
  withoutContact,
  type AdoptionGateway,
} from '../adoption.gateway';
import { adoptionUpstream, strayStatusAfter } from '../adoption.upstream';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from '../client';
import { pageFrom, type Page } from '../paging';

/** Our api says why it refused an apply (api/src/modules/adoption, `x-pawbridge-reason`). */
export const REASON_HEADER = 'x-pawbridge-reason';

function applyRefusal(res: UpstreamResponse): BffError {
  switch (res.headers.get(REASON_HEADER)) {
    case 'ALREADY_APPLIED':
      return alreadyApplied();
    case 'REJECTED_BEFORE':
      return rejectedBefore();
    case 'LIMIT_REACHED':
      return limitReached();
    case 'NOT_LISTED':
      return strayNotListed();
    case 'NOT_AVAILABLE':
      return strayNotAvailable();
    default:
      return toBffError(res, { ...applyFailures, 409: strayNotAvailable() });
  }
}

/**
 * Adoption in front of our api: it scopes lists to the caller, pages them,
 * refuses repeats and full hands itself and has withdraw — one call each.
 */
export class ApiAdoptionGateway implements AdoptionGateway {
  private readonly up;
  constructor(client: UpstreamClient) {
    this.up = adoptionUpstream(client);
  }

  async apply(request: FastifyRequest, _user: unknown, strayId: number): Promise<void> {
    const res = await this.up.apply(request, strayId);
    if (!isOk(res)) throw applyRefusal(res);
  }

  async minePage(request: FastifyRequest, _user: unknown, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const res = await this.up.myApplications(request, page);
    if (!isOk(res)) throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED') });
    return pageFrom(res, withoutContact(normaliseApplicationList(res.json)), page);
  }

  async withdraw(request: FastifyRequest, _user: unknown, applicationId: number): Promise<PetStatus | null> {
    const res = await this.up.withdraw(request, applicationId);
    if (!isOk(res))
      throw toBffError(res, {
        401: new BffError(401, 'UNAUTHENTICATED'),
        404: applicationNotFound(),
        409: BffError.because(409, 'INVALID_STATE', 'WITHDRAW_NOT_REQUESTED'),
      });
    return strayStatusAfter(res);
  }
}
