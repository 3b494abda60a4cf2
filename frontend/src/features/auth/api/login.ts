import type { CurrentUser, LoginRequest } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** `POST /api/auth/login` answers the current-user object. */
export const login = (body: LoginRequest) => api.post<CurrentUser>('/api/auth/login', body);
