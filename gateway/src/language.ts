import type { IncomingHttpHeaders } from 'node:http';
import { type Lang, langOf } from '@mathgames/contracts';

/** Reads one cookie without parsing the whole header into an object (this runs on every /api request). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

function fromAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null;
  let best: Lang | null = null;
  let bestQ = 0;
  for (const item of header.split(',')) {
    const [tag, ...params] = item.split(';');
    const lang = langOf(tag);
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

/** The user's language: X-Lang (sent by the SPA) → cookie i18next → Accept-Language → Turkish. */
export function resolveLanguage(headers: IncomingHttpHeaders): Lang {
  const explicit = headers['x-lang'];
  return (
    langOf(Array.isArray(explicit) ? explicit[0] : explicit) ??
    langOf(readCookie(headers.cookie, 'i18next')) ??
    fromAcceptLanguage(headers['accept-language']) ??
    'tr'
  );
}
