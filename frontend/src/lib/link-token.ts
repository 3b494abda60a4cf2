import { useEffect, useState } from 'react';

/** Tokens are 43 characters of base64url; anything longer than this is not one. */
const MAX_TOKEN_LENGTH = 512;

/** What the page found on arrival, kept for the page's life once the address no longer shows it. */
let arrival: { path: string; token: string | undefined } | undefined;

function tokenIn(params: string): string | undefined {
  const token = new URLSearchParams(params).get('token') ?? '';
  return token.length >= 1 && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

/**
 * The one-time token of an e-mail link (verify, reset, e-mail change, revert). Mails put it in the fragment
 * (`#token=`), which the browser never sends to a server; a link mailed before that change carries `?token=`,
 * read too for as long as such links live (7 days at most, the revert link's lifetime). Read once on arrival;
 * the page sends it only in a POST body (docs/decisions/0046-link-tokens-in-fragment.md).
 */
export function readLinkToken(): string | undefined {
  const { pathname, hash, search } = window.location;
  const found = tokenIn(hash.replace(/^#/, '')) ?? tokenIn(search);
  if (found || arrival?.path !== pathname) arrival = { path: pathname, token: found };
  return arrival.token;
}

/** The pages an e-mail link opens with a token. */
const LINK_PAGES = new Set(['/verify-email', '/reset-password', '/revert-email']);

/**
 * At startup, before the router or any third-party script reads the address: a link page's token is taken and
 * the address stripped at once (main.tsx calls this first).
 */
export function captureLinkToken(): void {
  if (!LINK_PAGES.has(window.location.pathname)) return;
  readLinkToken();
  stripLinkToken();
}

/**
 * Removes the token from the address without a reload or a history entry, keeping the router's history state,
 * so the address bar, the history of a shared school computer and any later Referer hold no token.
 */
export function stripLinkToken(): void {
  const { pathname, hash, search } = window.location;
  if (!hash && !search) return;
  window.history.replaceState(window.history.state, '', pathname);
}

/** The link's token for this page, removed from the address once the page has it. */
export function useLinkToken(): string | undefined {
  const [token] = useState(readLinkToken);
  useEffect(stripLinkToken, []);
  return token;
}
