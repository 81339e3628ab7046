import v8 from 'node:v8';

/**
 * Lets the JavaScript heap grow only `percent` past what was alive at the last full collection before the
 * next one. By default the engine lets a small heap grow to several times its live size first: a long export,
 * whose rows live just long enough to leave the young generation, then leaves a hundred megabytes and more of
 * garbage between two full collections. Collecting sooner keeps the server's memory near what it uses, for
 * collections of a heap that is small anyway. 0 leaves the engine's own growth.
 */
export function limitHeapGrowth(percent: number) {
  for (const flag of heapGrowthFlags(percent)) v8.setFlagsFromString(flag);
}

/** The V8 flags that set the heap's growth, as a command line passes them (none for 0). */
export function heapGrowthFlags(percent: number): string[] {
  return percent > 0 ? [`--heap-growing-percent=${percent}`] : [];
}
