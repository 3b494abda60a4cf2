/** What other packages' tests reach inside auth for (`@mathgames/auth/testing`). */
export { purgePublishedOutbox } from '../data-access/outbox.js';
export { AbuseLimits } from '../domain/abuse-limits.js';
export { hashPassword } from '../domain/passwords.js';
export { processPhoto } from '../domain/photos.js';
