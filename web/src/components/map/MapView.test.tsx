import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@pawbridge/shared';
import { mockApi, Providers, resetTestApp } from '@/testing/render-app';
import MapView from './MapView';
import type { EngineOptions, MapEngine } from './types';

const engine = (): MapEngine => ({
  getCenter: vi.fn(() => ({ lat: 1, lng: 2 })),
  setCenter: vi.fn(),
  setMarker: vi.fn(),
  resize: vi.fn(),
  destroy: vi.fn(),
});
const leaflet = vi.hoisted(() => ({ createMap: vi.fn() }));
const kakao = vi.hoisted(() => ({ createMap: vi.fn() }));
vi.mock('./leaflet-engine', () => leaflet);
vi.mock('./kakao-engine', () => kakao);

const config = (map: PublicConfig['map']): PublicConfig => ({
  map,
  socialProviders: [],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction: true,
  donations: true,
  nicknames: true,
  strayNames: true,
});

describe('MapView', () => {
  afterEach(() => {
    resetTestApp();
    leaflet.createMap.mockReset();
    kakao.createMap.mockReset();
  });

  it('draws with Leaflet when no Kakao key is configured, at the Seoul default centre', async () => {
    const e = engine();
    leaflet.createMap.mockReturnValue(e);
    mockApi({ 'GET /api/config': { body: config({ provider: 'leaflet', tileUrl: 'https://tiles/{z}/{x}/{y}.png', attribution: 'OSM' }) } });
    const onReady = vi.fn();
    const onPick = vi.fn();
    render(
      <Providers>
        <MapView label="발견 위치" onPick={onPick} onReady={onReady} />
      </Providers>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(e));
    expect(kakao.createMap).not.toHaveBeenCalled();
    const [el, opts, settings] = leaflet.createMap.mock.calls[0] as [HTMLElement, EngineOptions, unknown];
    expect(el).toBe(screen.getByRole('region', { name: '발견 위치' }));
    expect(opts.center).toEqual({ lat: 37.566535, lng: 126.9779692 });
    expect(settings).toEqual({ provider: 'leaflet', tileUrl: 'https://tiles/{z}/{x}/{y}.png', attribution: 'OSM' });
    opts.onClick?.({ lat: 3, lng: 4 });
    expect(onPick).toHaveBeenCalledWith({ lat: 3, lng: 4 });
  });

  it('draws with Kakao when a key is configured; read-only maps take no clicks and show the marker', async () => {
    const e = engine();
    kakao.createMap.mockResolvedValue(e);
    mockApi({ 'GET /api/config': { body: config({ provider: 'kakao', appKey: 'KEY' }) } });
    const { rerender } = render(
      <Providers>
        <MapView label="지도" center={{ lat: 35, lng: 129 }} marker={{ lat: 35, lng: 129 }} />
      </Providers>,
    );
    await waitFor(() => expect(e.setMarker).toHaveBeenCalledWith({ lat: 35, lng: 129 }));
    const [, opts, settings] = kakao.createMap.mock.calls[0] as [HTMLElement, EngineOptions, unknown];
    expect(settings).toEqual({ appKey: 'KEY' });
    expect(opts.onClick).toBeUndefined();
    expect(opts.center).toEqual({ lat: 35, lng: 129 });
    expect(leaflet.createMap).not.toHaveBeenCalled();
    rerender(
      <Providers>
        <MapView label="지도" center={{ lat: 35, lng: 129 }} marker={{ lat: 36, lng: 128 }} />
      </Providers>,
    );
    await waitFor(() => expect(e.setMarker).toHaveBeenLastCalledWith({ lat: 36, lng: 128 }));
  });

  it('says so when the tiles do not load (offline), and clears it when they come back', async () => {
    const e = engine();
    leaflet.createMap.mockReturnValue(e);
    mockApi({ 'GET /api/config': { body: config({ provider: 'leaflet', tileUrl: 'https://tiles/{z}/{x}/{y}.png', attribution: 'OSM' }) } });
    const onReady = vi.fn();
    render(
      <Providers>
        <MapView label="발견 위치" onPick={vi.fn()} onReady={onReady} />
      </Providers>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(e));
    const [, opts] = leaflet.createMap.mock.calls[0] as [HTMLElement, EngineOptions];
    act(() => opts.onTiles?.(false));
    expect(screen.getByRole('status')).toHaveTextContent('지도를 불러오지 못했습니다. 아래 버튼으로 위치를 선택할 수 있습니다.');
    // The engine stays: "use the map centre" keeps working under the message.
    expect(e.destroy).not.toHaveBeenCalled();
    act(() => opts.onTiles?.(true));
    expect(screen.queryByText(/지도를 불러오지 못했습니다/)).not.toBeInTheDocument();
  });

  it('says so when the map cannot be drawn', async () => {
    kakao.createMap.mockRejectedValue(new Error('offline'));
    mockApi({ 'GET /api/config': { body: config({ provider: 'kakao', appKey: 'KEY' }) } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <Providers>
        <MapView label="지도" />
      </Providers>,
    );
    expect(await screen.findByText('지도를 불러오지 못했습니다.')).toBeInTheDocument();
  });
});
