import { type FactsResponse, FLUENT_MS, type FluencyThreshold } from '@mathgames/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FactMatrix } from '../../../components/fact-matrix.js';
import { api } from '../../../lib/api-client.js';

const pupilFactsQueryOptions = (classId: number, pupilId: number, threshold: FluencyThreshold) =>
  queryOptions({
    queryKey: ['/api/classes', classId, 'pupils', pupilId, 'facts', threshold] as const,
    queryFn: ({ signal }) =>
      api.get<FactsResponse>(
        `/api/classes/${classId}/pupils/${pupilId}/facts?threshold=${threshold}`,
        signal,
      ),
  });

/** The teacher's view of one pupil's fact matrix (issue 27), with the teacher's own choice of threshold. */
export function PupilFactMatrix({ classId, pupilId }: { classId: number; pupilId: number }) {
  const [threshold, setThreshold] = useState<FluencyThreshold>(FLUENT_MS);
  const query = useQuery(pupilFactsQueryOptions(classId, pupilId, threshold));
  return (
    <FactMatrix
      threshold={threshold}
      onThreshold={setThreshold}
      data={{ status: query.status, facts: query.data?.facts, retry: () => void query.refetch() }}
    />
  );
}
