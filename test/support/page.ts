/**
 * A page for component tests that also run servers and clients in the test's process: happy-dom's
 * window and document (and the DOM classes React and Testing Library read from the global scope)
 * become globals, while Node's own URL, fetch, AbortController and events stay. Vitest's happy-dom
 * environment replaces those too, and Node's file and network APIs refuse happy-dom's objects.
 * Import it before React, Vue or Testing Library.
 */
import { Window } from 'happy-dom';

export const page = new Window({ url: 'http://localhost/' });
const scope = globalThis as Record<string, unknown>;
const DOM_GLOBALS = [
  'document',
  'navigator',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLIFrameElement',
  'SVGElement',
  'Text',
  'Comment',
  'DocumentFragment',
  'MutationObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
];
scope.window = page;
for (const name of DOM_GLOBALS) {
  const value = (page as unknown as Record<string, unknown>)[name];
  Object.defineProperty(globalThis, name, {
    configurable: true,
    writable: true,
    value: typeof value === 'function' && !/^[A-Z]/.test(name) ? value.bind(page) : value,
  });
}
scope.IS_REACT_ACT_ENVIRONMENT = true;
