import type { TeacherClass } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const teacherClassQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId] as const,
    queryFn: ({ signal }) => api.get<TeacherClass>(`/api/classes/${classId}`, signal),
  });
