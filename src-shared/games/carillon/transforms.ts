/**
 * The eight turns and mirrors of the field about its centre. A point is moved in centred
 * coordinates (u, v) = (x − W/2, y − H/2) and put back, so a 90° turn of a 640×960 field
 * lands in a 960×640 box around the same centre: the compare keeps that box as it is (no
 * scaling, which would change who reaches whom), so a turned picture can only pair with
 * dots inside the central square both fields share.
 */
export const TRANSFORMS = [
  'identity',
  'rot90',
  'rot180',
  'rot270',
  'mirror-x',
  'mirror-y',
  'mirror-diag',
  'mirror-anti',
] as const;
export type TransformName = (typeof TRANSFORMS)[number];

/** (u, v) → transformed (u', v'), in centred coordinates (screen axes: x right, y down). */
export function transformCentred(t: TransformName, u: number, v: number): [number, number] {
  switch (t) {
    case 'identity':
      return [u, v];
    case 'rot90':
      return [-v, u]; // a quarter turn clockwise on screen
    case 'rot180':
      return [-u, -v];
    case 'rot270':
      return [v, -u];
    case 'mirror-x':
      return [-u, v]; // left ↔ right
    case 'mirror-y':
      return [u, -v]; // top ↔ bottom
    case 'mirror-diag':
      return [v, u];
    case 'mirror-anti':
      return [-v, -u];
  }
}

/** Transform a field point about the field's centre. */
export function transformPoint(
  t: TransformName,
  x: number,
  y: number,
  width: number,
  height: number,
): [number, number] {
  const [u, v] = transformCentred(t, x - width / 2, y - height / 2);
  return [u + width / 2, v + height / 2];
}
