import type { DeleteAccountRequest, MessageResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** `POST /api/profile/delete`: the account and every row of it go (a teacher's classes and pupils too). */
export const deleteAccount = (body: DeleteAccountRequest) =>
  api.post<MessageResponse>('/api/profile/delete', body);
