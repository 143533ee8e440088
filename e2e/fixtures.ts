import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';

/** A plain JPEG "dog photo" in one colour (the tiny breed model reads the colour). */
export async function dogPhoto(background = { r: 176, g: 120, b: 72 }): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

// A full-page shot of a scrolled page paints the fixed header mid-page; shoot from the top.
export const toTop = (page: Page) => page.evaluate('window.scrollTo(0, 0)');

// The sandbox has no internet: the map's OpenStreetMap tiles are served from here
// (a drawn street grid), or cut to play an offline phone.
const TILE_URL = /^https:\/\/tile\.openstreetmap\.org\//;
const tile = sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="#efe9dc"/>
  <path d="M0 90 H256 M0 200 H256 M70 0 V256 M180 0 V256" stroke="#ffffff" stroke-width="10"/>
  <rect x="85" y="105" width="80" height="80" fill="#cfe6c4"/>
</svg>`),
)
  .png()
  .toBuffer();
export const serveTiles = async (context: BrowserContext) => {
  const body = await tile;
  await context.route(TILE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body }));
};
export const cutTiles = (context: BrowserContext) => context.route(TILE_URL, (route) => route.abort('internetdisconnected'));
