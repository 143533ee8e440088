export * from './constants';
export * from './errors';
export * from './validation';
export * from './accounts.schema';
export * from './config.schema';
export * from './strays.schema';
export * from './pets.schema';
export * from './screen-routes';
