/** Work the benches spread over a few requests in flight at once (the server, not the bench, is measured). */

/** Runs `task(i)` for i in 0..count-1, `parallel` at a time. */
export async function inParallel(
  count: number,
  parallel: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
