import {
  type FactsResponse,
  factsToPractise,
  type GenerateOptions,
  type Question,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/auth.js';
import { factFluencyQueryOptions, storedFluencyThreshold } from '../../../lib/queries/fact-fluency.js';

/**
 * Practice favours slow facts (docs/product-rules.md#fact-fluency): a signed-in child's games ask first the facts they got wrong or were
 * slow at, by the threshold chosen on this device. A guest, or a child whose facts cannot load (offline), plays
 * the usual mix.
 */
export function usePractisedFacts(): FactsResponse['facts'] {
  const { user } = useCurrentUser();
  const { data } = useQuery({
    ...factFluencyQueryOptions(storedFluencyThreshold()),
    enabled: user !== null,
    retry: false,
  });
  return data?.facts ?? [];
}

/** The generator, favouring the child's slow and wrong facts of the game's topic. */
export function favouring(
  facts: FactsResponse['facts'],
  generate: (options: GenerateOptions) => Question[],
): (options: GenerateOptions) => Question[] {
  return (options) => generate({ ...options, favour: factsToPractise(facts, options.gameType) });
}
