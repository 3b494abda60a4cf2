import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { store } from './store.js';

export type SoundName = 'click' | 'correct' | 'wrong' | 'victory' | 'startgame';

/** Sound volumes. */
export const SOUND_VOLUMES: Record<SoundName, number> = {
  click: 0.3,
  correct: 0.5,
  wrong: 0.4,
  victory: 0.4,
  startgame: 0.3,
};

/** localStorage `soundEnabled` holds the text `true` or `false`; anything else means on. */
export const soundEnabledAtom = atomWithStorage<boolean>(
  'soundEnabled',
  true,
  // jotai's default storage: localStorage, or none where it is missing (pre-rendering) or throws (sandboxed frames).
  createJSONStorage<boolean>(),
  { getOnInit: true },
);

/** `[enabled, setEnabled]`; the setting is stored at once. */
export function useSoundEnabled(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useAtom(soundEnabledAtom);
  return [enabled !== false, setEnabled];
}

// Notes (Hz, start offset s, duration s) synthesised with Web Audio: no files to download.
const TUNES: Record<SoundName, Array<[number, number, number]>> = {
  click: [[880, 0, 0.05]],
  correct: [
    [659, 0, 0.12],
    [988, 0.1, 0.22],
  ],
  wrong: [
    [311, 0, 0.18],
    [233, 0.15, 0.28],
  ],
  victory: [
    [523, 0, 0.14],
    [659, 0.13, 0.14],
    [784, 0.26, 0.14],
    [1047, 0.39, 0.4],
  ],
  startgame: [
    [440, 0, 0.1],
    [554, 0.1, 0.1],
    [659, 0.2, 0.2],
  ],
};

let context: AudioContext | null = null;

/** Plays a sound unless the player turned sounds off. Failures are logged only. */
export function playSound(name: SoundName): void {
  if (store.get(soundEnabledAtom) === false) return;
  try {
    const AudioContextClass = globalThis.AudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    const volume = SOUND_VOLUMES[name];
    for (const [frequency, offset, duration] of TUNES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = name === 'wrong' ? 'triangle' : 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(volume, now + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + duration);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + duration + 0.02);
    }
  } catch (error) {
    console.warn('sound playback failed', error);
  }
}

/** Closes the audio output (before the page switches to a new service worker: Chromium waits while it is open). */
export async function releaseAudio(): Promise<void> {
  const open = context;
  context = null;
  await open?.close().catch(() => {});
}
