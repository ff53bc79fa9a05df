// The colour of a group's ratio tag (spec 000 §9), one rule wherever a group and its ratio are shown.

/** A tag colour of the console's palette. */
export type GroupRatioColor = 'red' | 'orange' | 'blue' | 'green';

/** Above 5 red, above 3 orange, above 1 blue, else green. */
export function groupRatioColor(ratio: number): GroupRatioColor {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}
