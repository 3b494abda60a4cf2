import { FLUENT_MS, type FluencyThreshold } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FactMatrix } from '../../../components/fact-matrix.js';
import { pupilFactsQueryOptions } from '../api/class-dashboard.js';

/** The teacher's view of one pupil's fact matrix (docs/product-rules.md#fact-fluency), with the teacher's own choice of threshold. */
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
