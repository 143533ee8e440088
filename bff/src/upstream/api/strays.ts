import type { FastifyRequest } from 'fastify';
import type { PageQuery, Stray, StraySearchQuery } from '@pawbridge/shared';
import { normaliseStray, normaliseStrayList } from '../../normalisers/stray.normaliser';
import { isOk } from '../client';
import { pageFrom, type Page } from '../paging';
import { publicFailure, publicOnly, SharedStraysGateway, strayNotFound } from '../strays.gateway';

/** Strays in front of our api: it pages the list and searches by the documented rules itself. */
export class ApiStraysGateway extends SharedStraysGateway {
  async publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    const res = await this.up.list(request, page);
    if (!isOk(res)) throw publicFailure(res);
    return pageFrom(res, publicOnly(normaliseStrayList(res.json)), page);
  }

  async search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>> {
    const res = await this.up.search(request, q, page);
    if (!isOk(res)) throw publicFailure(res);
    return pageFrom(res, publicOnly(normaliseStrayList(res.json)), page);
  }

  async detail(request: FastifyRequest, id: number): Promise<Stray> {
    const res = await this.up.detail(request, id);
    if (res.status === 404) throw strayNotFound();
    if (!isOk(res)) throw publicFailure(res);
    const [stray] = publicOnly([normaliseStray(res.json)].filter((s): s is Stray => s !== null));
    if (!stray) throw strayNotFound();
    return stray;
  }
}
