import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 1 s by default: on a busy 2-core machine (two test files at once in `make test`,
// other work beside it) a screen's first render, lazy chunks and translations included, can take longer. A wait
// only ends sooner when the screen is there; what each test expects is unchanged.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia and canvas: the test "device" asks for reduced motion, so no confetti canvas is drawn.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
