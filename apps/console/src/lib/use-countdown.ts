// A resend cooldown: start() locks for N seconds and counts down once per second.
import { useCallback, useEffect, useState } from 'react';

/** Countdown state: seconds left (0 when idle) and a start function. */
export interface Countdown {
  secondsLeft: number;
  active: boolean;
  start: () => void;
}

/** Locks an action for `seconds` seconds after start(). */
export function useCountdown(seconds: number): Countdown {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);
  const start = useCallback(() => setSecondsLeft(seconds), [seconds]);
  return { secondsLeft, active: secondsLeft > 0, start };
}
