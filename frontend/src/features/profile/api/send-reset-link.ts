import type { MessageResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';
import { currentLang } from '../../../lib/i18n/i18n.js';

/** `POST /api/auth/forgot-password` with the account's own e-mail (the profile's change-password button). */
export const sendResetLink = (email: string) =>
  api.post<MessageResponse>('/api/auth/forgot-password', { email, lang: currentLang() });
