import type { CreateTypes } from 'canvas-confetti';
import { prefersReducedMotion } from './motion.js';

let fire: CreateTypes | null = null;

/**
 * The confetti's own full-screen canvas, drawn on this page's main thread. canvas-confetti's default instance
 * draws in a Worker made from a blob: URL, which the gateway's Content-Security-Policy refuses (script-src and
 * worker-src 'self', gateway/src/security.ts): no confetti was ever drawn. Its own canvas keeps the
 * policy as strict as it is; 100 particles are light work for the main thread.
 */
async function cannon(): Promise<CreateTypes> {
  if (fire) return fire;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.dataset.testid = 'confetti';
  canvas.setAttribute('aria-hidden', 'true');
  // Set through the DOM (CSSOM), which the policy's style rules do not restrict.
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '100',
  });
  document.body.appendChild(canvas);
  fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  return fire;
}

/** 100 particles, spread 70, origin y 0.6; never under reduced motion. Loaded on first use. */
export async function celebrate(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    await (await cannon())({ particleCount: 100, spread: 70, origin: { y: 0.6 } });
  } catch (error) {
    console.warn('confetti failed', error);
  }
}
