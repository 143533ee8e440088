import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { MapViewProps } from './MapView';
import MapPicker from './MapPicker';
import type { LatLng } from './types';
import type * as PlaceModule from './use-place-name';

// The real map needs a browser layout engine; this stand-in exposes the same props.
// `fake.drawn` false plays a map that could not be drawn (offline): no handle.
const fake = vi.hoisted(() => ({ drawn: true }));
vi.mock('./MapView', () => ({
  default: function FakeMap({ label, onPick, onReady, marker }: MapViewProps) {
    useEffect(() => {
      if (fake.drawn) onReady?.({ getCenter: () => ({ lat: 37.5, lng: 127.0 }), setCenter: () => undefined });
    }, [onReady]);
    return (
      <div>
        <button type="button" onClick={() => onPick?.({ lat: 37.1, lng: 126.1 })}>
          {label} 클릭
        </button>
        <span data-testid="marker">{marker ? `${marker.lat},${marker.lng}` : 'none'}</span>
      </div>
    );
  },
}));

// The Kakao address lookup is the hook's business (tested with the engine); here it answers as told.
const place = vi.hoisted(() => ({ address: null as string | null }));
vi.mock('./use-place-name', async (importOriginal) => ({
  ...(await importOriginal<typeof PlaceModule>()),
  usePlaceName: () => place.address,
}));

function Harness({ error, center }: { error?: string; center?: LatLng }) {
  const [value, setValue] = useState<LatLng | null>(null);
  return (
    <MantineProvider>
      <MapPicker label="발견 위치" value={value} onChange={setValue} error={error} center={center} />
    </MantineProvider>
  );
}

const setGeolocation = (geo: Partial<Geolocation> | undefined) =>
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });

describe('MapPicker', () => {
  afterEach(() => {
    setGeolocation(undefined);
    fake.drawn = true;
    place.address = null;
  });

  it('picks the clicked point and says it in words: its region and coordinates', async () => {
    render(<Harness />);
    expect(screen.getByText('아직 위치를 선택하지 않았습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 클릭' }));
    expect(screen.getByTestId('marker')).toHaveTextContent('37.1,126.1');
    expect(screen.getByText('선택한 위치: 인천광역시 부근')).toBeInTheDocument();
  });

  it('says the address instead of coordinates when Kakao knows it', async () => {
    place.address = '서울특별시 마포구 망원동';
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 클릭' }));
    expect(screen.getByText('선택한 위치: 서울특별시 마포구 망원동')).toBeInTheDocument();
  });

  it('still takes a point when the map could not be drawn: the centre of the chosen region', async () => {
    fake.drawn = false;
    render(<Harness center={{ lat: 35.8714, lng: 128.6014 }} />);
    await userEvent.click(screen.getByRole('button', { name: '지도 중앙을 위치로 선택' }));
    expect(screen.getByTestId('marker')).toHaveTextContent('35.8714,128.6014');
    expect(screen.getByText('선택한 위치: 대구광역시 부근')).toBeInTheDocument();
  });

  it('lets keyboard users take the map centre', async () => {
    render(<Harness />);
    screen.getByRole('button', { name: '지도 중앙을 위치로 선택' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('marker')).toHaveTextContent('37.5,127');
  });

  it('uses the browser position', async () => {
    setGeolocation({
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 35.2, longitude: 129.1 } } as GeolocationPosition),
    });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByTestId('marker')).toHaveTextContent('35.2,129.1');
  });

  it.each([
    [1, '위치 권한이 거부되었습니다'],
    [2, '현재 위치를 확인할 수 없습니다'],
    [3, '위치 확인 시간이 초과되었습니다'],
  ])('explains geolocation error %i in Korean', async (code, text) => {
    setGeolocation({
      getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code } as GeolocationPositionError),
    });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('marker')).toHaveTextContent('none');
  });

  it('clears the location alert once a point is picked on the map or from its centre', async () => {
    setGeolocation({
      getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 1 } as GeolocationPositionError),
    });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByRole('alert')).toHaveTextContent('위치 권한이 거부되었습니다');
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 클릭' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '지도 중앙을 위치로 선택' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the browser has no geolocation', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByRole('alert')).toHaveTextContent('이 브라우저는 위치 정보를 지원하지 않습니다.');
  });

  it('shows the form error', () => {
    render(<Harness error="지도를 눌러 발견 위치를 다시 선택해 주세요" />);
    expect(screen.getByText('지도를 눌러 발견 위치를 다시 선택해 주세요')).toBeInTheDocument();
  });
});
