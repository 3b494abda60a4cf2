/**
 * zod schemas for every request, response and event of the API. Issue messages are message keys
 * (see ../message-catalogue.ts); the platform error handler translates them and names the field.
 */
export * from './auth.js';
export * from './badges.js';
export * from './events.js';
export * from './fields.js';
export * from './game-results.js';
export * from './profile.js';
export * from './responses.js';
export * from './review.js';
export * from './statistics.js';
