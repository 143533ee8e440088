// The domain-event bus: see event-bus.ts for how to publish and subscribe.
export * from './domain-events';
export * from './event-bus';
