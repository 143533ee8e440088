// Test helpers of the lost-and-found writing screens: config, posts, photos and the bodies sent.
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { LostPostDetail, LostPostSummary } from '@pawbridge/shared/lost.schema';
import { testConfig } from '@/testing/render-app';

// The machine runs other suites at once: a form that lazily loads its checks may take over a second to appear.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export const lostConfig = (on = true) => testConfig({ lostAndFound: on });

// A real 1×1 PNG: the photo fields read the first bytes.
const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
export const photo = (name = 'dog.png') => new File([PNG_1PX], name, { type: 'image/png' });

/** Choose a photo in photo slot `slot` (1-based; a slot appears once the one before holds a photo). */
export async function choosePhoto(name?: string, slot = 1) {
  const input = await waitFor(() => {
    const inputs = [...document.querySelectorAll('input[type="file"]')] as HTMLInputElement[];
    const found = inputs[slot - 1];
    if (!found) throw new Error(`no photo slot ${slot}`);
    return found;
  });
  await userEvent.upload(input, photo(name));
}

/** The FormData bodies sent to `path`. */
export const formsSentTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => new URL(String(url)).pathname === path)
    .map(([, init]) => init?.body as FormData);

/** The JSON part `part` of a multipart body. */
export const jsonPartOf = (form: FormData | undefined, part: string): Record<string, unknown> =>
  JSON.parse(String(form?.get(part) ?? 'null')) as Record<string, unknown>;

export function summary(over: Partial<LostPostSummary> = {}): LostPostSummary {
  return {
    id: 7,
    kind: 'MISSING',
    status: 'OPEN',
    name: '초코',
    breed: '푸들',
    size: 'SMALL',
    gender: 'MALE',
    colour: '갈색',
    reward: 300000,
    photoUrl: '/uploads/lost/7.webp',
    address: '서울 마포구 망원동',
    sido: '서울특별시',
    sigungu: '마포구',
    happenedDate: '2026-11-20',
    happenedTime: '14:30',
    position: { lat: 37.556, lng: 126.901 },
    createdAt: '2026-11-20T06:00:00Z',
    ...over,
  };
}

export function detail(over: Partial<LostPostDetail> = {}): LostPostDetail {
  return {
    ...summary(),
    photoUrls: ['/uploads/lost/7.webp'],
    weight: 4.2,
    features: '빨간 하네스',
    onSight: null,
    description: null,
    contact: 'RELAY',
    phone: null,
    thankYouNote: null,
    author: { displayName: '미나' },
    missingId: null,
    strayReportId: null,
    hidden: false,
    mine: true,
    exactPosition: { lat: 37.5561, lng: 126.9012 },
    registrationNo: '1',
    sightings: [],
    timeline: [],
    closedAt: null,
    ...over,
  };
}

/** A date in Korea `days` from today (negative: back). */
export function koreaDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export const byLabel = (re: RegExp) => screen.getByLabelText(re);
