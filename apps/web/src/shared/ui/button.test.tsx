import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('renders the destructive variant red, without the primary navy', () => {
    render(<Button variant="destructive">Delete</Button>);
    const classes = screen.getByRole('button', { name: 'Delete' }).className.split(' ');
    expect(classes).toContain('bg-destructive');
    expect(classes).not.toContain('bg-primary');
    expect(classes).not.toContain('hover:bg-primary-hover');
  });

  it("lets a caller's class override the variant's background", () => {
    render(<Button className="bg-destructive">Ban User</Button>);
    const classes = screen.getByRole('button', { name: 'Ban User' }).className.split(' ');
    expect(classes).toContain('bg-destructive');
    expect(classes).not.toContain('bg-primary');
  });
});
