const pad = (n: number) => String(n).padStart(2, '0');

/**
 * spec §9: times show as yyyy-mm-dd hh:mm:ss, and 10-digit timestamps are seconds. Plain Date
 * arithmetic, so screens on the first load need no date library.
 */
export function formatDateTime(value: number | Date): string {
  const date = typeof value === 'number' ? new Date(value < 1e11 ? value * 1000 : value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
