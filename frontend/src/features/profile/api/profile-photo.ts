import { PHOTO_FIELD, type PhotoResponse } from '@mathgames/contracts';
import { api, request } from '../../../lib/api-client.js';

/** `POST /api/profile/photo`, multipart with the field `photo`. */
export function uploadPhoto(file: File): Promise<PhotoResponse> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file);
  return request<PhotoResponse>('/api/profile/photo', { method: 'POST', body: form });
}

/** `DELETE /api/profile/photo`. */
export const deletePhoto = () => api.delete<PhotoResponse>('/api/profile/photo');
