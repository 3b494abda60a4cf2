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
