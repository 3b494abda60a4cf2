export * from './badges.js';
export * from './fraction.js';
export * from './messages.js';
export * from './schemas.js';
export * from './scoring.js';
export * from './time.js';
export * from './values.js';
