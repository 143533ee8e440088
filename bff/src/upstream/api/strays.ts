import type { FastifyRequest } from 'fastify';
import type { PageQuery, Stray, StraySearchQuery } from '@pawbridge/shared';
import { normaliseStray, normaliseStrayList } from '../../normalisers/stray.normaliser';
import { isOk, type UpstreamResponse } from '../client';
import { pageFrom, type Page } from '../paging';
import { Revalidated } from '../revalidated';
import { publicFailure, publicOnly, SharedStraysGateway, strayNotFound } from '../strays.gateway';

/** Strays in front of our api: it pages the list and searches by the documented rules itself. */
/** Both lists revalidate with our api's ETag: an unchanged page is not read and normalised again (decision 0050). */
export class ApiStraysGateway extends SharedStraysGateway {
  private readonly pages = new Revalidated<Page<Stray>>();

  publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    return this.pages.get(
      `list?${page.page}&${page.size}`,
      (etag) => this.up.list(request, page, etag),
      (res) => publicList(res, page),
    );
  }

  search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>> {
    return this.pages.get(
      `search?${JSON.stringify([q, page.page, page.size])}`,
      (etag) => this.up.search(request, q, page, etag),
      (res) => publicList(res, page),
    );
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

function publicList(res: UpstreamResponse, page: PageQuery): Page<Stray> {
  if (!isOk(res)) throw publicFailure(res);
  return pageFrom(res, publicOnly(normaliseStrayList(res.json)), page);
}
