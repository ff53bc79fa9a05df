// The Node.js flags Turnpike runs with: `npm start`, the Dockerfile and the benchmark start `dist/main.js` with them
// (runtime-flags.test.ts checks that all three agree).

/**
 * V8's young generation capped at two semi-spaces of 8 MB. Node 24 grows them to 32 MB each under load (Node 20
 * stopped at 16 MB), which held about 100 MB more RSS in the gateway and in a bare proxy alike, for no CPU gain: the
 * garbage collector's share of Turnpike's profile under wrk was 5.5 % at the default, 5.7 % at 8 MB, 11.6 % at 4 MB.
 */
export const serverNodeFlags: readonly string[] = ['--max-semi-space-size=8'];
