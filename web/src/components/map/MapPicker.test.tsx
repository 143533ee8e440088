import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { MapViewProps } from './MapView';
import MapPicker from './MapPicker';
import type { LatLng } from './types';

// The real map needs a browser layout engine; this stand-in exposes the same props.
vi.mock('./MapView', () => ({
  default: function FakeMap({ label, onPick, onReady, marker }: MapViewProps) {
    useEffect(() => {
      onReady?.({ getCenter: () => ({ lat: 37.5, lng: 127.0 }), setCenter: () => undefined });
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

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState<LatLng | null>(null);
  return (
    <MantineProvider>
      <MapPicker label="발견 위치" value={value} onChange={setValue} error={error} />
    </MantineProvider>
  );
}

const setGeolocation = (geo: Partial<Geolocation> | undefined) => Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });

describe('MapPicker', () => {
  afterEach(() => setGeolocation(undefined));

  it('picks the clicked point and shows it', async () => {
    render(<Harness />);
    expect(screen.getByText('아직 위치를 선택하지 않았습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 클릭' }));
    expect(screen.getByTestId('marker')).toHaveTextContent('37.1,126.1');
    expect(screen.getByText('선택한 위치: 위도 37.100000, 경도 126.100000')).toBeInTheDocument();
  });

  it('lets keyboard users take the map centre', async () => {
    render(<Harness />);
    screen.getByRole('button', { name: '지도 중앙을 위치로 선택' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('marker')).toHaveTextContent('37.5,127');
  });

  it('uses the browser position', async () => {
    setGeolocation({ getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 35.2, longitude: 129.1 } } as GeolocationPosition) });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByTestId('marker')).toHaveTextContent('35.2,129.1');
  });

  it.each([
    [1, '위치 권한이 거부되었습니다'],
    [2, '현재 위치를 확인할 수 없습니다'],
    [3, '위치 확인 시간이 초과되었습니다'],
  ])('explains geolocation error %i in Korean', async (code, text) => {
    setGeolocation({ getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code } as GeolocationPositionError) });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '내 위치 사용' }));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('marker')).toHaveTextContent('none');
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
