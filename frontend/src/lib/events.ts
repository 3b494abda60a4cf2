/** Window event that opens the auth modal (spec §2): `detail.isLogin` picks login or register. */
export const SHOW_LOGIN_MODAL_EVENT = 'showLoginModal';
/** Window event fired after a game result is saved, so badge screens refresh (spec §7). */
export const REFRESH_BADGES_EVENT = 'refresh-badges';

export interface ShowLoginModalDetail {
  isLogin: boolean;
}

export function openAuthModal(isLogin: boolean): void {
  window.dispatchEvent(
    new CustomEvent<ShowLoginModalDetail>(SHOW_LOGIN_MODAL_EVENT, { detail: { isLogin } }),
  );
}

export function fireRefreshBadges(): void {
  window.dispatchEvent(new Event(REFRESH_BADGES_EVENT));
}
