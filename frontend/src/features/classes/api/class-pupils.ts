import type {
  AddPupilsRequest,
  ClassProgress,
  ClassPupilList,
  ClassPupilsResponse,
  MessageResponse,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const classPupilsKey = (classId: number) => ['/api/classes', classId, 'pupils'] as const;

export const classPupilsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: classPupilsKey(classId),
    queryFn: ({ signal }) => api.get<ClassPupilList>(`/api/classes/${classId}/pupils`, signal),
  });

export const addPupils = (classId: number, body: AddPupilsRequest) =>
  api.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, body);

export const renamePupil = (classId: number, pupilId: number, name: string) =>
  api.patch<ClassPupilsResponse>(`/api/classes/${classId}/pupils/${pupilId}`, { name });

export const resetPupilPictures = (classId: number, pupilId: number) =>
  api.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils/${pupilId}/pictures`);

export const removePupil = (classId: number, pupilId: number) =>
  api.delete<MessageResponse>(`/api/classes/${classId}/pupils/${pupilId}`);

export const unlockPupil = (classId: number, pupilId: number) =>
  api.post<MessageResponse>(`/api/classes/${classId}/pupils/${pupilId}/unlock`);

/** The dashboard table, polled while the teacher watches (the classes-worker applies each game in seconds). */
export const classProgressQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'progress'] as const,
    queryFn: ({ signal }) => api.get<ClassProgress>(`/api/classes/${classId}/progress`, signal),
    refetchInterval: 5_000,
  });
