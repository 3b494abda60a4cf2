import type { ForgotPasswordRequest, MessageResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.post<MessageResponse>('/api/auth/forgot-password', body);
