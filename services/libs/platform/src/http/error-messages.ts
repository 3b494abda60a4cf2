import type { Lang } from '@mathgames/contracts';
import { isMessageKey, translate } from '@mathgames/contracts';

/**
 * Error texts come from the contracts catalogue only (one place for every text). A key the catalogue does not
 * know yields its generic error text, never a bare code a child cannot read.
 */
export function translateMessage(key: string, lang: Lang, vars?: Record<string, unknown>): string {
  const safeVars = vars
    ? Object.fromEntries(
        Object.entries(vars).filter((entry): entry is [string, string | number] =>
          ['string', 'number'].includes(typeof entry[1]),
        ),
      )
    : undefined;
  return translate(isMessageKey(key) ? key : 'generic_error', lang, safeVars);
}
