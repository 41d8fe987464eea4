import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Composes class names: falsy values are skipped and, when two Tailwind classes set the same
 * property, the later one wins (so a caller's `bg-destructive` replaces a variant's `bg-primary`
 * instead of losing to it in the stylesheet's order).
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
