import { afterAll, beforeAll } from 'vitest';
import { startFakeSpring, type FakeSpring } from './fake-spring/index';
import { startTestBff, type TestBff } from './test-bff';

/**
 * A BFF in front of the Spring-shaped fake, started once per test file and
 * closed after it. Read `stack.spring` / `stack.bff` inside tests and hooks.
 */
export function useBffOnFakeSpring(): { spring: FakeSpring; bff: TestBff } {
  const stack = {} as { spring: FakeSpring; bff: TestBff };
  beforeAll(async () => {
    stack.spring = await startFakeSpring();
    stack.bff = await startTestBff(stack.spring.url);
  });
  afterAll(async () => {
    await stack.bff?.close();
    await stack.spring?.close();
  });
  return stack;
}
