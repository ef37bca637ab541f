import { afterEach, beforeEach, expect, vi } from 'vitest';
import { setPasswordCostForTests } from '../modules/auth/passwords.ts';
import { TEST_PASSWORD_COST } from './harness.ts';

setPasswordCostForTests(TEST_PASSWORD_COST);

// An unexpected console.error is a bug somewhere: it fails the test that caused it.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errorSpy, 'console.error was called').not.toHaveBeenCalled();
  errorSpy.mockRestore();
});
