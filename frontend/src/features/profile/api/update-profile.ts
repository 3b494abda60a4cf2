import type { ProfileUpdateRequest, ProfileUpdateResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** `POST /api/profile/update`: answers the saved user (and a translated message). */
export const updateProfile = (input: ProfileUpdateRequest) =>
  api.post<ProfileUpdateResponse>('/api/profile/update', input);
