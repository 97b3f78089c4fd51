/** The schema language: TypeBox definitions (types + JSON Schema) and pure derivations. */
export * from './field';
export * from './api';
export * from './views';
export * from './resource';
export * from './scope';
export * from './shape';
export * from './app';
export * from './codes';
export * from './derive';
export * from './screen-route';
export * from './region-names';
export * from './time-zone';
export * from './list-url';
