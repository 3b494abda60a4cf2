/** Window event that opens the auth modal: `detail.isLogin` picks login or register. */
export const SHOW_LOGIN_MODAL_EVENT = 'showLoginModal';

export interface ShowLoginModalDetail {
  isLogin: boolean;
}

export function openAuthModal(isLogin: boolean): void {
  window.dispatchEvent(
    new CustomEvent<ShowLoginModalDetail>(SHOW_LOGIN_MODAL_EVENT, { detail: { isLogin } }),
  );
}

/**
 * Window event fired after game results reached the server (after POST /api/game-results, saved or not, docs/product-rules.md#api:
 * the page refreshes its badges), for anything on the page that shows badges to refresh itself.
 */
export const REFRESH_BADGES_EVENT = 'refresh-badges';

export function announceBadgeRefresh(): void {
  window.dispatchEvent(new Event(REFRESH_BADGES_EVENT));
}
