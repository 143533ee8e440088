import type { FastifyRequest } from 'fastify';
import { slicePage, type PageQuery, type Stray, type StraySearchQuery } from '@pawbridge/shared';
import { matchesSearch, normaliseStrayList } from '../../normalisers/stray.normaliser';
import { isOk } from '../client';
import { pageFrom, type Page } from '../paging';
import { publicStrayPhotos } from '../public-photos';
import { publicFailure, publicOnly, SharedStraysGateway, strayNotFound } from '../strays.gateway';

/**
 * Strays in front of the legacy Spring service: it sends its whole list
 * (cut into pages here) and its search cannot follow the rules.
 */
export class LegacyStraysGateway extends SharedStraysGateway {
  /** The whole adopt list as a visitor sees it. For the BFF's own joins (adoption, admin). */
  async publicList(request: FastifyRequest): Promise<Stray[]> {
    const res = await this.up.list(request);
    if (!isOk(res)) throw publicFailure(res);
    return this.publicStrays(res.json);
  }

  private publicStrays(json: unknown): Stray[] {
    const strays = publicOnly(normaliseStrayList(json));
    // The photos a visitor will ask for next (the legacy serves them only through the BFF's service session).
    publicStrayPhotos(this.client).remember(strays);
    return strays;
  }

  async publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    const res = await this.up.list(request, page);
    if (!isOk(res)) throw publicFailure(res);
    return pageFrom(res, this.publicStrays(res.json), page);
  }

  /**
   * The legacy search (Elasticsearch) never matches a date or time and answers
   * with other ids: the rules are applied to the whole list instead, without
   * asking it, and the result cut into pages.
   */
  async search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>> {
    const matching = (await this.publicList(request)).filter((s) => matchesSearch(s, q));
    return { items: slicePage(matching, page), total: matching.length };
  }

  /** The legacy has no public read of one stray: it is looked up in the whole public list. */
  async detail(request: FastifyRequest, id: number): Promise<Stray> {
    const stray = (await this.publicList(request)).find((s) => s.id === id);
    if (!stray) throw strayNotFound();
    return stray;
  }
}
