/*
 * Countdown — time left until `until` ("1:05", "12 s"), ticking every second, and the clock time it
 * ends. Calls `onDone` when it reaches zero: keep it idempotent, as a remount or StrictMode's second
 * effect run calls it again for a time already past.
 */
import { useEffect, useRef, useState } from 'react';
import { formatClock, formatDuration } from '@/components/shared/format';

export interface CountdownProps {
  /** Epoch ms. */
  until: number;
  /** Clock (tests) */
  now?: () => number;
  onDone?: () => void;
}

export function Countdown({ until, now = Date.now, onDone }: CountdownProps) {
  const [current, setCurrent] = useState(now);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    // Re-read the clock every second rather than counting ticks: a throttled background page
    // (or a sleeping laptop) must not make the countdown lag behind the real time.
    const tick = () => {
      const t = now();
      setCurrent(t);
      if (t >= until) {
        clearInterval(timer);
        onDoneRef.current?.();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [until, now]);
  const left = until - current;
  if (left <= 0) return <span className="countdown">now</span>;
  return (
    <span className="countdown">
      in <time dateTime={new Date(until).toISOString()}>{formatDuration(left)}</time> (at {formatClock(until)})
    </span>
  );
}
