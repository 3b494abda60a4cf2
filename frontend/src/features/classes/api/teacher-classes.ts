import type {
  CreateClassRequest,
  MessageResponse,
  TeacherClassList,
  TeacherClassResponse,
  UpdateClassRequest,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const TEACHER_CLASSES_KEY = ['/api/classes'] as const;

/** `GET /api/classes`: the teacher's own classes, archived ones last. */
export const teacherClassesQueryOptions = queryOptions({
  queryKey: TEACHER_CLASSES_KEY,
  queryFn: ({ signal }) => api.get<TeacherClassList>('/api/classes', signal),
});

export const createClass = (body: CreateClassRequest) => api.post<TeacherClassResponse>('/api/classes', body);

export const updateClass = (classId: number, body: UpdateClassRequest) =>
  api.patch<TeacherClassResponse>(`/api/classes/${classId}`, body);

export const regenerateJoinCode = (classId: number) =>
  api.post<TeacherClassResponse>(`/api/classes/${classId}/join-code`);

export const deleteClass = (classId: number) => api.delete<MessageResponse>(`/api/classes/${classId}`);
