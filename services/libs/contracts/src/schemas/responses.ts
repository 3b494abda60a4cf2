/** Answers every endpoint may give: a plain message, or an error body. */
import { z } from 'zod';

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    /** With rate_limited: seconds until a retry can succeed (also in the Retry-After header). */
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
