// One stand-in for the map picker in every lost-forms test file: files share a worker (isolate: false), so
// whichever file mocks the module first decides it for all of them. It picks fixed points in Korea.
import type { MapPickerProps } from '@/components/map/MapPicker';

const POINTS = {
  망원동: { lat: 37.556, lng: 126.901 },
  해운대: { lat: 35.1587, lng: 129.1604 },
  합정: { lat: 37.56, lng: 126.92 },
} as const;

export default function MapPickerStandIn({ label, value, onChange, error }: MapPickerProps) {
  return (
    <div>
      {Object.entries(POINTS).map(([name, p]) => (
        <button key={name} type="button" onClick={() => onChange(p)}>
          {label} {name}
        </button>
      ))}
      <span data-testid="pin">{value ? `${value.lat},${value.lng}` : 'none'}</span>
      {error && <p>{error}</p>}
    </div>
  );
}
