import { translate } from '@mathgames/contracts';
import type { Request } from 'express';
import type { Caller } from '../../domain/account.js';

/** Who is asking, as the abuse limits and the mails see them: the client address and language. */
export const caller = (req: Request): Caller => ({ ip: req.identity.ip, lang: req.identity.lang });
/** A message in the caller's language. */
export const text = (req: Request, key: Parameters<typeof translate>[0]) => translate(key, req.identity.lang);
