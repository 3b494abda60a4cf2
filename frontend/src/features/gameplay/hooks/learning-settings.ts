import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * "Pause after a wrong answer": off by default, so the spec's 1500 ms feedback flow is unchanged; on, a wrong
 * answer waits for a Next button and shows the worked step.
 */
export const pauseAfterWrongAtom = atomWithStorage<boolean>(
  'pauseAfterWrong',
  false,
  createJSONStorage<boolean>(),
  {
    getOnInit: true,
  },
);

/** "Read aloud": each question and each explanation is spoken as it appears (the speaker button always works). */
export const readAloudAtom = atomWithStorage<boolean>('readAloud', false, createJSONStorage<boolean>(), {
  getOnInit: true,
});

export function usePauseAfterWrong(): [boolean, (on: boolean) => void] {
  const [on, set] = useAtom(pauseAfterWrongAtom);
  return [on === true, set];
}

export function useReadAloudSetting(): [boolean, (on: boolean) => void] {
  const [on, set] = useAtom(readAloudAtom);
  return [on === true, set];
}
