import type {
  ClassAssignmentList,
  ClassAssignmentResponse,
  CreateAssignmentRequestInput,
  MessageResponse,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const classAssignmentsKey = (classId: number) => ['/api/classes', classId, 'assignments'] as const;

/** Who finished which assignment, polled while the teacher watches (the classes-worker applies a game in seconds). */
export const classAssignmentsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: classAssignmentsKey(classId),
    queryFn: ({ signal }) => api.get<ClassAssignmentList>(`/api/classes/${classId}/assignments`, signal),
    refetchInterval: 5_000,
  });

export const createAssignment = (classId: number, body: CreateAssignmentRequestInput) =>
  api.post<ClassAssignmentResponse>(`/api/classes/${classId}/assignments`, body);

export const closeAssignment = (classId: number, assignmentId: number) =>
  api.post<MessageResponse>(`/api/classes/${classId}/assignments/${assignmentId}/close`);

export const deleteAssignment = (classId: number, assignmentId: number) =>
  api.delete<MessageResponse>(`/api/classes/${classId}/assignments/${assignmentId}`);
