import type { MessageResponse, ResetPasswordRequest } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** The token from the e-mail is required. */
export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<MessageResponse>('/api/auth/reset-password', body);
