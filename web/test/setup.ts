import { afterEach } from 'vitest';

// Browser APIs jsdom lacks and Mantine or React Router call. Only in the jsdom environment.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy*/waitFor wait up to 5 s rather than 1 s: CI runs the suites side by side on two cores, where a first
  // render after hydration has been seen to take over a second.
  configure({ asyncUtilTimeout: 5000 });

  window.matchMedia ??= (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };

  // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it for font loads.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }

  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
}
