import type { MessageResponse } from '@mathgames/contracts';
import { api } from '../../../lib/api-client.js';

/** `POST /api/statistics/resetWeeklyProgress`: the spec's Monday call (idempotent on the server). */
export const resetWeeklyProgress = () => api.post<MessageResponse>('/api/statistics/resetWeeklyProgress');
