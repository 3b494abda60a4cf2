/** What the schema files build from; not part of the package's API (the folder's index leaves it out). */
import { z } from 'zod';
import type { MessageKey } from '../message-catalogue.js';

/** Narrows a message key so a typo in a schema is a type error. */
export const k = (key: MessageKey) => key;

export const isoDateTime = z.iso.datetime({ offset: true });

/** A request body or query: anything but an object (null, a string) is a plain validation_error. */
export function input<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: k('validation_error') });
}
