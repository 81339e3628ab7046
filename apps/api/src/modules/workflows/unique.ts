import { isUniqueViolation } from '../library/repo.ts';

/**
 * Runs a write that checks a name is free and then inserts it. Two writers can race between the two: the
 * unique index decides, and the loser gets the same refusal as a name found taken.
 */
export async function guardUnique<T>(work: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}
