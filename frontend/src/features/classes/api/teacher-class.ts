import type { ClassSignInTrouble, TeacherClass, TeacherClassResponse } from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const teacherClassQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId] as const,
    queryFn: ({ signal }) => api.get<TeacherClass>(`/api/classes/${classId}`, signal),
  });

export const signInTroubleKey = (classId: number) => ['/api/classes', classId, 'sign-in-trouble'] as const;

/** Wrong picture tries lately, by place (inside the school's network or not): never an address. */
export const signInTroubleQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: signInTroubleKey(classId),
    queryFn: ({ signal }) => api.get<ClassSignInTrouble>(`/api/classes/${classId}/sign-in-trouble`, signal),
  });

/** Counts and pauses cleared, a new class code, every ticket of the old one retired. */
export const resetSignInTrouble = (classId: number) =>
  api.post<TeacherClassResponse>(`/api/classes/${classId}/sign-in-trouble/reset`);
