import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia } from './match-media.ts';
import { takeStubViolations } from './stub-violations.ts';

beforeEach(() => {
  installMatchMedia();
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  const violations = takeStubViolations();
  if (violations.length > 0) {
    throw new Error(`stubbed API answers that break the contract:\n- ${violations.join('\n- ')}`);
  }
});
