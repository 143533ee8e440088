export * from './constants';
export * from './errors';
export * from './validation';
export * from './names';
export * from './accounts.schema';
export * from './config.schema';
export * from './strays.schema';
export * from './pets.schema';
export * from './screen-routes';
export * from './paging.schema';
export * from './community.schema';
export * from './notification-feed.schema';
export * from './dashboard.schema';
export * from './ids.schema';
export * from './donations.schema';
export * from './realtime.schema';
export * from './shelter.schema';
export * from './stray-rules';
// post-html (the post-body allow-list) is imported by its subpath, '@pawbridge/shared/post-html': re-exported
// here it made the web's entry and the lazy chunk of these schemas import each other, and the bundler cut
// the first screen into 27 preloaded slivers (check:budget; decision 0030). The web's catalogue reads
// '@pawbridge/shared/sentences' for the same reason (no zod in a visitor's first load).
