import type { RegisterRequest, RegisterResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** `POST /api/auth/register` (confirmPassword is never sent) answers 201 `{ message, user }`. */
export const register = (body: RegisterRequest) => api.post<RegisterResponse>('/api/auth/register', body);
