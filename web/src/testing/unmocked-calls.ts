// Calls no mocked route answered (render-app's mockApi), kept until vitest.setup.ts reads them.
const unmocked: string[] = [];

export function recordUnmockedCall(call: string): void {
  unmocked.push(call);
}

/**
 * The calls the current test made that no route answered, forgotten once read.
 * vitest.setup.ts fails the test with them: a test must say what every call gets,
 * or a screen could quietly render a 404 and pass for the wrong reason.
 */
export function takeUnmockedCalls(): string[] {
  return unmocked.splice(0);
}
