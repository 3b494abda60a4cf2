import { prefersReducedMotion } from './motion.js';

/** 100 particles, spread 70, origin y 0.6; never under reduced motion. Loaded on first use. */
export async function celebrate(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({ particleCount: 100, spread: 70, origin: { y: 0.6 }, disableForReducedMotion: true });
  } catch (error) {
    console.warn('confetti failed', error);
  }
}
