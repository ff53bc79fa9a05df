import { describe, expect, it } from 'vitest';
import { groupRatioColor } from './group-ratio-color';

describe('groupRatioColor', () => {
  it('is red above 5, orange above 3, blue above 1, else green (bounds included in the lower colour)', () => {
    expect([0, 0.5, 1, 1.01, 3, 3.5, 5, 5.01, 10].map(groupRatioColor)).toEqual(['green', 'green', 'green', 'blue', 'blue', 'orange', 'orange', 'red', 'red']);
  });
});
