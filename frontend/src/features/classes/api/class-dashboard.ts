import type {
  ClassDashboard,
  ClassMastery,
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

/** One pupil's fact matrix (docs/product-rules.md#fact-fluency) at a fluency threshold. */
export const pupilFactsQueryOptions = (classId: number, pupilId: number, threshold: FluencyThreshold) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'pupils', pupilId, 'facts', threshold] as const,
    queryFn: ({ signal }) =>
      api.get<FactsResponse>(
        `/api/classes/${classId}/pupils/${pupilId}/facts?threshold=${threshold}`,
        signal,
      ),
  });

/** The class × outcome mastery grid and each outcome's 30-day retention (docs/product-rules.md#mastery), polled like the grid above. */
export const classOutcomesQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'outcomes'] as const,
    queryFn: ({ signal }) => api.get<ClassMastery>(`/api/classes/${classId}/outcomes`, signal),
    refetchInterval: 5_000,
  });
