// What the post page (lostweb) and the app take from the writing side of lost and found (issue 27).
export { default as LostOwnerActions, type LostOwnerActionsProps } from './LostOwnerActions';
export { default as ToStrayReportButton, type ToStrayReportButtonProps } from './ToStrayReportButton';
export { lostPostKey, MY_LOST_POSTS_KEY, LOST_STATS_KEY } from '../writes';
