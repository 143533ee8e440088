import { z } from 'zod';

/*
 * The seam between the BFF and the web's server bundle (issue 26, docs/decisions/0032).
 * The bundle says what a public page needs (`plan`), the BFF fetches it from its gateways
 * (never over HTTP to itself) and hands the results to `render`. Neither side imports the
 * other: the BFF checks the bundle's answers with these schemas at the boundary.
 * Not re-exported from the package index (the SPA's entry must not carry it).
 */

/** One piece of a public page's first screen, named by what it is, not by a URL. */
export const PageDataRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session') }),
  z.object({ kind: z.literal('config') }),
  z.object({ kind: z.literal('strays.page'), page: z.number().int().min(1), size: z.number().int().min(1) }),
  z.object({
    kind: z.literal('strays.search'),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    foundDate: z.string().optional(),
    foundTime: z.string().optional(),
    location: z.string().optional(),
  }),
  z.object({
    kind: z.literal('shelter.page'),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    foundDateFrom: z.string().optional(),
    foundDateTo: z.string().optional(),
    place: z.string().optional(),
    sido: z.string().optional(),
  }),
  z.object({
    kind: z.literal('community.page'),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    postType: z.string().optional(),
  }),
  z.object({ kind: z.literal('community.post'), id: z.number().int().min(1) }),
  z.object({ kind: z.literal('donations.totals') }),
  z.object({ kind: z.literal('strays.detail'), id: z.number().int().min(1) }),
  z.object({ kind: z.literal('shelter.detail'), desertionNo: z.string().min(1) }),
  // Lost and found (issue 27): the board's first page with the address's filters (the route's own query words), a post, its first comments.
  z.object({
    kind: z.literal('lost.page'),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
    filters: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal('lost.post'), id: z.number().int().min(1) }),
  z.object({ kind: z.literal('lost.comments'), id: z.number().int().min(1), page: z.number().int().min(1), size: z.number().int().min(1) }),
]);
export type PageDataRequest = z.infer<typeof PageDataRequestSchema>;
export type PageDataKind = PageDataRequest['kind'];

/** A page's plan: its data by a name of the page's own choosing; null when the path is not a server-rendered page. */
export const PagePlanSchema = z.object({ data: z.record(z.string(), PageDataRequestSchema) }).nullable();
export type PagePlan = z.infer<typeof PagePlanSchema>;

/**
 * What the BFF got for one request: the answer and, for lists, the total and whether the
 * source exists in front of this upstream; or the failure's status and code (the page shows
 * its error state, exactly as when the browser's own call fails).
 */
export type PageDataResult = { ok: true; data: unknown; total?: number; available?: boolean } | { ok: false; status: number; code: string };

export interface RenderInput {
  /** Path and query as requested. */
  url: string;
  /** By the plan's names. */
  results: Record<string, PageDataResult>;
  /** PUBLIC_ORIGIN, or the request's own origin: absolute URLs for crawlers. */
  publicOrigin: string;
  /** The client build's index.html: its head (scripts, styles, font) is the page's. */
  template: string;
  /** Vite's client manifest (`.vite/manifest.json`): the route's own chunks and styles are linked from the first HTML. */
  manifest: Record<string, unknown>;
  /** Aborts the render (client gone, or too slow). */
  signal?: AbortSignal;
}

export interface RenderOutput {
  /** 200, or the page's honest status (404 for a post that is not there, 502 when its data failed). */
  status: number;
  /** The whole document, streamed. */
  body: ReadableStream<Uint8Array>;
}

/** The server bundle's exports, as the BFF checks them when it loads the file. */
export const ServerBundleSchema = z.object({
  plan: z.custom<(url: string) => unknown>((v) => typeof v === 'function'),
  render: z.custom<(input: RenderInput) => Promise<RenderOutput>>((v) => typeof v === 'function'),
});
