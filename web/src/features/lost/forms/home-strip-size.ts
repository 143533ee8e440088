/**
 * The home's lost strip is one height whatever it holds (cards, the empty line, nothing yet): the box
 * reserved for it before its chunk and data arrive is this height too, so nothing below it moves when
 * they do. It arrived at 360 px and then shrank to 84 and grew to 116 on a home without reports, moving
 * the member's dogs in view (a layout shift in the ssr journey, CI 2026-11-27). Every part's height is
 * a line height times a rem size, so it does not depend on the font. Measured in Chromium at 1280 and
 * 390 px (tmp probe, 2026-11-27): the header 54 + 12 below it, the row 276 (the tallest card, a long name,
 * a reward and two lines of place, is 267), the buttons 12 + 36: 389.8 px.
 */
export const HOME_LOST_STRIP_HEIGHT = 390;
/** The cards' row (and the empty and loading boxes in its place). */
export const HOME_LOST_ROW_HEIGHT = 276;
