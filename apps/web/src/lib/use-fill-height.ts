import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The height that lets `target` reach down to the bottom of the window, leaving room for what follows it
 * inside `frame` (its footer) and `gap` pixels under the frame; never under `min`. Measured again when
 * the window or the page's layout changes size (chips or a selection bar appearing above it or going away), so a
 * scrolling table fills the screen at any size instead of stopping at a guessed height.
 */
export function useFillHeight(
  target: RefObject<HTMLElement | null>,
  frame: RefObject<HTMLElement | null>,
  { gap = 24, min = 360 }: { gap?: number; min?: number } = {},
): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = target.current;
      if (!element) return;
      const box = element.getBoundingClientRect();
      const frameBottom = frame.current?.getBoundingClientRect().bottom ?? box.bottom;
      const after = Math.max(0, frameBottom - box.bottom);
      const next = Math.max(min, Math.floor(window.innerHeight - (box.top + window.scrollY) - after - gap));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (frame.current) observer.observe(frame.current);
    // What sits above the frame on the page (a banner, a selection bar) moves it without resizing the body
    // when the page is no taller than the window: the frame's container grows and shrinks with it.
    const container = frame.current?.parentElement;
    if (container) observer.observe(container);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [target, frame, gap, min]);
  return height;
}
