import { configLoader, localUrlOf } from '@mathgames/platform';
import { z } from 'zod';

export const classesConfigShape = {
  // Auth owns identities: the service asks it whether a caller is a verified teacher before creating a class.
  AUTH_URL: z.url().default(localUrlOf('auth')),
};
export const loadClassesConfig = configLoader('classes', classesConfigShape);
export type ClassesConfig = ReturnType<typeof loadClassesConfig>;
export const loadClassesWorkerConfig = configLoader('classes-worker');
