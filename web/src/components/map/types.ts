export interface LatLng {
  lat: number;
  lng: number;
}

/** What a screen may do with a drawn map, whichever provider draws it. */
export interface MapHandle {
  getCenter(): LatLng;
  setCenter(p: LatLng): void;
}

/** A provider's map inside one element (Leaflet or Kakao). */
export interface MapEngine extends MapHandle {
  setMarker(p: LatLng | null): void;
  /** Called when the element's size changed (e.g. inside a modal that just opened). */
  resize(): void;
  destroy(): void;
}

export interface EngineOptions {
  center: LatLng;
  marker: LatLng | null;
  onClick?: (p: LatLng) => void;
  markerTitle: string;
  /**
   * Tiles stopped loading (offline, tile server down) or came back. Without
   * tiles the map is a blank box, so the screen says so in words.
   */
  onTiles?: (loaded: boolean) => void;
}
