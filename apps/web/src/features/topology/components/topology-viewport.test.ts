import { describe, expect, it } from 'vitest';
import {
  MAX_SCALE,
  MIN_SCALE,
  PORTS_MIN_SCALE,
  PORT_LABEL_PX,
  READABLE_PX,
  ZOOM_STEP,
  clampView,
  fitView,
  keyAction,
  panBy,
  showsPortLabels,
  zoomAt,
} from './topology-viewport.ts';

const box = { width: 1000, height: 500 };

describe('fitView', () => {
  it('shows a wide tree whole, centred across and from the top (nothing cut off at the right)', () => {
    const v = fitView({ width: 1200, height: 300 }, box);
    expect(v.scale).toBeCloseTo(1000 / 1200);
    // Right edge of the drawing inside the viewport, no band above it.
    expect(v.x + 1200 * v.scale).toBeLessThanOrEqual(box.width + 1e-9);
    expect(v.x).toBeGreaterThanOrEqual(0);
    expect(v.y).toBe(0);
  });

  it('never enlarges a small tree beyond 100 %', () => {
    const v = fitView({ width: 400, height: 200 }, box);
    expect(v).toEqual({ scale: 1, x: 300, y: 0 });
  });

  it('shows a big tree whole on open, below the scale where port labels are readable', () => {
    // About the demo's head office drawn horizontally in a 1366 × 800 window (viewport ~800 × 470).
    const content = { width: 1440, height: 1222 };
    const room = { width: 800, height: 470 };
    const v = fitView(content, room, { x: 40, y: 611 });
    expect(v.scale).toBeCloseTo(470 / 1222);
    expect(v.scale).toBeLessThan(PORTS_MIN_SCALE);
    // Nothing cut off on any side, centred across, from the top.
    expect(v.y).toBe(0);
    expect(v.x).toBeCloseTo((room.width - content.width * v.scale) / 2);
    expect(v.x + content.width * v.scale).toBeLessThanOrEqual(room.width + 1e-9);
    expect(v.y + content.height * v.scale).toBeLessThanOrEqual(room.height + 1e-9);
  });

  it('shows a very wide tree whole, down to MIN_SCALE', () => {
    const content = { width: 3000, height: 400 };
    const v = fitView(content, box, { x: 1500, y: 200 });
    expect(v.scale).toBeCloseTo(1000 / 3000);
    expect(v.x).toBeCloseTo(0);
    expect(v.x + content.width * v.scale).toBeLessThanOrEqual(box.width + 1e-9);
  });

  it('a tree too big even at MIN_SCALE opens there, its focus in the middle across', () => {
    const content = { width: 8000, height: 400 };
    const v = fitView(content, box, { x: 3000, y: 200 });
    expect(v.scale).toBe(MIN_SCALE);
    expect(v.x + 3000 * v.scale).toBeCloseTo(box.width / 2);
    expect(v.y).toBe(0);
  });

  it('focus near an edge: the drawing still covers the viewport (no empty band)', () => {
    const content = { width: 8000, height: 400 };
    const v = fitView(content, box, { x: 10, y: 200 });
    expect(v.x).toBe(0);
  });
});

describe('showsPortLabels', () => {
  it('draws port labels only where they come out readable on screen', () => {
    expect(PORTS_MIN_SCALE * PORT_LABEL_PX).toBeCloseTo(READABLE_PX);
    expect(showsPortLabels(1)).toBe(true);
    expect(showsPortLabels(PORTS_MIN_SCALE)).toBe(true);
    // Zoom steps multiplied together reach the threshold give or take rounding.
    expect(showsPortLabels(PORTS_MIN_SCALE - 1e-9)).toBe(true);
    expect(showsPortLabels(PORTS_MIN_SCALE - 0.01)).toBe(false);
    expect(showsPortLabels(MIN_SCALE)).toBe(false);
    expect(showsPortLabels(MAX_SCALE)).toBe(true);
  });

  it('a big tree opens without them, and zooming in brings them back', () => {
    const content = { width: 1440, height: 1222 };
    const room = { width: 800, height: 470 };
    let v = fitView(content, room);
    expect(showsPortLabels(v.scale)).toBe(false);
    while (v.scale < PORTS_MIN_SCALE) v = zoomAt(v, ZOOM_STEP, { x: 400, y: 235 }, content, room);
    expect(showsPortLabels(v.scale)).toBe(true);
  });
});

describe('zoom and pan', () => {
  const content = { width: 2000, height: 1000 };
  it('zooms around the given point and within the limits', () => {
    const start = { scale: 1, x: -500, y: -250 };
    const at = { x: 500, y: 250 };
    const v = zoomAt(start, 1.25, at, content, box);
    // The drawing's point under `at` stays under it.
    expect((at.x - v.x) / v.scale).toBeCloseTo((at.x - start.x) / start.scale);
    expect(zoomAt(start, 100, at, content, box).scale).toBe(MAX_SCALE);
    expect(zoomAt(start, 0.001, at, content, box).scale).toBe(MIN_SCALE);
  });

  it('pans, but never past the drawing’s edges', () => {
    const v = panBy({ scale: 1, x: 0, y: 0 }, -300, -100, content, box);
    expect(v).toEqual({ scale: 1, x: -300, y: -100 });
    expect(panBy(v, 10_000, 10_000, content, box)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(panBy(v, -10_000, -10_000, content, box)).toEqual({ scale: 1, x: -1000, y: -500 });
    // Smaller than the viewport: it stays inside.
    expect(clampView({ scale: 0.25, x: -50, y: 900 }, content, box)).toEqual({ scale: 0.25, x: 0, y: 250 });
  });

  it('maps keys: arrows pan, + and − zoom, 0 fits, others are left alone', () => {
    expect(keyAction('ArrowRight')).toEqual({ pan: [-60, 0] });
    expect(keyAction('+')).toEqual({ zoom: 1.25 });
    expect(keyAction('-')).toEqual({ zoom: 0.8 });
    expect(keyAction('0')).toBe('fit');
    expect(keyAction('Tab')).toBeNull();
  });
});
