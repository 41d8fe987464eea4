// Stubbed answers that could not have come from the server, found while a test ran. A stub's
// fetch cannot fail the test itself (the app would only see a failed request), so each one is
// kept here and setup.ts fails the test after it.

const found: string[] = [];

export function recordStubViolation(problem: string): void {
  found.push(problem);
}

/** The violations since the last call, cleared. */
export function takeStubViolations(): string[] {
  return found.splice(0, found.length);
}
