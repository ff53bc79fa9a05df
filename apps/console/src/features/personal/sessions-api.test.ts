import { describe, expect, it } from 'vitest';
import { deviceName } from './sessions-api';

describe('deviceName', () => {
  it('names the browser and the system', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge · Windows');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari · iOS');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox · Linux');
  });

  it('falls back to the raw text for unknown agents', () => {
    expect(deviceName('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
