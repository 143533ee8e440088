/** Leave the SPA and load `path` afresh (its own module so tests can observe it; jsdom cannot navigate). */
export function fullReload(path: string): void {
  window.location.assign(path);
}
