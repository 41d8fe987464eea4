import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('lets a later Tailwind class replace an earlier one for the same property', () => {
    expect(cn('bg-primary', 'bg-destructive')).toBe('bg-destructive');
    expect(cn('text-primary-foreground hover:bg-primary-hover', 'hover:bg-destructive/90')).toBe(
      'text-primary-foreground hover:bg-destructive/90',
    );
    expect(cn('h-10 px-4', 'px-2')).toBe('h-10 px-2');
  });

  it('skips falsy values and keeps classes for different properties', () => {
    expect(
      cn('rounded-full', false, null, undefined, '', 'text-sm', {
        'font-medium': true,
        hidden: false,
      }),
    ).toBe('rounded-full text-sm font-medium');
  });
});
