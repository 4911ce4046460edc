import { useEffect, useState } from 'react';
import { formatDateTime } from '#shared/format.ts';

/** The server's clock, ticking locally from the offset measured when it was read. */
export function ServerClock({ seconds, readAt }: { seconds: number; readAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return <span data-testid="server-time">{formatDateTime(seconds * 1000 + (now - readAt))}</span>;
}
