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
 * Window event fired after game results reached the server (spec section 7, POST /api/game-results: "either way a
 * refresh-badges browser event is fired"), for anything on the page that shows badges to refresh itself.
 */
export const REFRESH_BADGES_EVENT = 'refresh-badges';

export function announceBadgeRefresh(): void {
  window.dispatchEvent(new Event(REFRESH_BADGES_EVENT));
}
