import { describe, expect, it } from 'vitest';
import { parseWrkOutput, wrkResult } from './wrk-load';

const output = `Running 10s test @ http://127.0.0.1:4000/v1/chat/completions
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.12ms    2.01ms  40.00ms   80.00%
WRK_RESULT {"requests":50210,"durationUs":10004000,"connect":0,"read":3,"write":0,"status":10,"timeout":1,"p50":9800,"p90":12000,"p95":13500,"p99":21000,"max":40000,"mean":10120.500}
`;

describe('wrk load runs', () => {
  it('reads the done hook line into answered calls, failures and latency in milliseconds', () => {
    const result = wrkResult(parseWrkOutput(output));
    expect(result.completed).toBe(50200);
    expect(result.non2xx).toBe(10);
    expect(result.errors).toBe(4);
    expect(result.seconds).toBe(10.004);
    expect(result.requestsPerSecond).toBeCloseTo(50200 / 10.004, 6);
    expect(result.latency).toEqual({ p50: 9.8, p90: 12, p95: 13.5, p99: 21, max: 40, mean: 10.1205 });
  });

  it('says what wrk printed when the script failed before its summary', () => {
    expect(() => parseWrkOutput('request.lua:5: unexpected symbol near =\n')).toThrow(/wrk printed no summary:\nrequest.lua:5/);
  });
});
