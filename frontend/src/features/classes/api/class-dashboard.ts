import type {
  ClassDashboard,
  FactsResponse,
  FluencyThreshold,
  PupilProgressDetail,
} from '@mathgames/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The class grid and most-missed blocks, polled like the week table while the teacher watches. */
export const classDashboardQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'dashboard'] as const,
    queryFn: ({ signal }) => api.get<ClassDashboard>(`/api/classes/${classId}/dashboard`, signal),
    refetchInterval: 5_000,
  });

/** One pupil's history, topics and mistakes; polled while the detail is open. */
export const pupilProgressQueryOptions = (classId: number, pupilId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'pupils', pupilId, 'progress'] as const,
    queryFn: ({ signal }) =>
      api.get<PupilProgressDetail>(`/api/classes/${classId}/pupils/${pupilId}/progress`, signal),
    refetchInterval: 5_000,
  });

/** One pupil's fact matrix (issue 27) at a fluency threshold. */
export const pupilFactsQueryOptions = (classId: number, pupilId: number, threshold: FluencyThreshold) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'pupils', pupilId, 'facts', threshold] as const,
    queryFn: ({ signal }) =>
      api.get<FactsResponse>(
        `/api/classes/${classId}/pupils/${pupilId}/facts?threshold=${threshold}`,
        signal,
      ),
  });
