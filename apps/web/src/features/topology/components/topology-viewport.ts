/**
 * Zoom and pan of the topology drawing, as pure functions of sizes (tested without a browser).
 * The drawing is laid out at its natural size (labels apart at 100 %) and shown through a
 * viewport as `translate(x, y) scale(scale)` from its top left corner.
 */

export interface Size {
  width: number;
  height: number;
}

export interface View {
  scale: number;
  /** Where the drawing's top left corner sits in the viewport (px). */
  x: number;
  y: number;
}

/** The drawing zooms between these, by hand or fitted. */
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 2.5;
/** Font size (px) of the port labels at 100 % (topology-option.ts). */
export const PORT_LABEL_PX = 12;
/** Smallest port label worth drawing: below it the labels are left out and a hint says to zoom in. */
export const READABLE_PX = 9;
/** From this scale up the port labels are drawn (they are READABLE_PX or more on screen). */
export const PORTS_MIN_SCALE = READABLE_PX / PORT_LABEL_PX;
/** One button press or key press zooms by this factor. */
export const ZOOM_STEP = 1.25;
/** One arrow key press pans this far (px). */
export const PAN_STEP = 60;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Keeps the drawing where it can be seen: a drawing smaller than the viewport stays inside it, a
 * larger one covers it (no empty band beyond its edges).
 */
export function clampView(view: View, content: Size, viewport: Size): View {
  const scale = clamp(view.scale, MIN_SCALE, MAX_SCALE);
  const axis = (pos: number, inner: number, outer: number) => {
    const free = outer - inner * scale;
    return clamp(pos, Math.min(0, free), Math.max(0, free));
  };
  return {
    scale,
    x: axis(view.x, content.width, viewport.width),
    y: axis(view.y, content.height, viewport.height),
  };
}

/**
 * The view a drawing opens with (and the fit button's): all of it, centred across and from the
 * top, never enlarged beyond 100 % — however small that makes it, down to MIN_SCALE; port labels
 * too small to read are then left out (showsPortLabels), not the tree cut off. Only a tree too big
 * even at MIN_SCALE is cut: it opens with `focus` (the main device, or a record's first changed
 * node), else the drawing's centre, in the middle.
 */
export function fitView(content: Size, viewport: Size, focus?: { x: number; y: number } | null): View {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) {
    return { scale: 1, x: 0, y: 0 };
  }
  const scale = clamp(
    Math.min(viewport.width / content.width, viewport.height / content.height, 1),
    MIN_SCALE,
    1,
  );
  const at = focus ?? { x: content.width / 2, y: content.height / 2 };
  // Fitting across: centred; fitting down: at the top (no empty band above the tree). Too big:
  // the focus in the middle.
  const place = (inner: number, outer: number, point: number, fitted: number) =>
    inner * scale <= outer ? fitted : outer / 2 - point * scale;
  return clampView(
    {
      scale,
      x: place(content.width, viewport.width, at.x, (viewport.width - content.width * scale) / 2),
      y: place(content.height, viewport.height, at.y, 0),
    },
    content,
    viewport,
  );
}

/**
 * Whether the port labels are drawn at `scale`: only when they come out READABLE_PX or more on
 * screen, so a zoomed-out tree shows its shape rather than a smudge of text.
 */
export function showsPortLabels(scale: number): boolean {
  // The tolerance keeps exactly PORTS_MIN_SCALE (0.75 from 0.8 × 1.25 steps) on the readable side.
  return scale * PORT_LABEL_PX >= READABLE_PX - 1e-6;
}

/** Zooms by `factor` keeping the drawing's point under `at` (viewport px) where it is. */
export function zoomAt(
  view: View,
  factor: number,
  at: { x: number; y: number },
  content: Size,
  viewport: Size,
): View {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const ratio = scale / view.scale;
  return clampView(
    { scale, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio },
    content,
    viewport,
  );
}

export function panBy(view: View, dx: number, dy: number, content: Size, viewport: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, content, viewport);
}

/** What a key does to the view (arrows pan, + and − zoom around the centre, 0 fits); null: not ours. */
export function keyAction(key: string): { pan: [number, number] } | { zoom: number } | 'fit' | null {
  switch (key) {
    case 'ArrowLeft':
      return { pan: [PAN_STEP, 0] };
    case 'ArrowRight':
      return { pan: [-PAN_STEP, 0] };
    case 'ArrowUp':
      return { pan: [0, PAN_STEP] };
    case 'ArrowDown':
      return { pan: [0, -PAN_STEP] };
    case '+':
    case '=':
      return { zoom: ZOOM_STEP };
    case '-':
    case '_':
      return { zoom: 1 / ZOOM_STEP };
    case '0':
      return 'fit';
    default:
      return null;
  }
}
