/**
 * Waits until `cond` holds, checking it every 20 ms, or fails after `ms`: for a state the test
 * cannot be told about (a row written by a background task). The deadline is generous, for a
 * busy machine; a condition that holds returns at once.
 */
export async function until(cond: () => boolean | Promise<boolean>, ms = 10_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
