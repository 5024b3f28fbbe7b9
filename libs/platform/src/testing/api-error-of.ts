import { ApiError } from '../common/api-error.js';

/** For unit tests: the ApiError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, but the promise resolved');
}

/** For unit tests: the ApiError a synchronous call throws (fails the test when it returns or throws otherwise). */
export function apiErrorOfCall(call: () => unknown): ApiError {
  try {
    call();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, but the call returned');
}
