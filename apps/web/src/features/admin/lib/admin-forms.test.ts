import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@samvad/contracts/auth';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  validateAdminLogin,
  validatePasswordChange,
} from './admin-forms.ts';

describe('validateAdminLogin', () => {
  it('accepts a username and a password', () => {
    expect(validateAdminLogin({ username: 'admin', password: 'x' })).toBeNull();
  });

  it('requires both, naming each missing field', () => {
    expect(validateAdminLogin({ username: '  ', password: '' })).toEqual({
      form: 'Please enter both username and password',
      fields: { username: 'Username is required', password: 'Password is required' },
    });
    expect(validateAdminLogin({ username: 'admin', password: '' })).toEqual({
      form: 'Please enter both username and password',
      fields: { password: 'Password is required' },
    });
  });
});

describe('validatePasswordChange', () => {
  const valid = {
    username: 'admin',
    currentPassword: 'old password',
    newPassword: 'a new password',
    confirmPassword: 'a new password',
  };

  it('uses the same length rules as the server', () => {
    expect(PASSWORD_MIN).toBe(PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX).toBe(PASSWORD_MAX_LENGTH);
  });

  it('accepts matching passwords of a good length', () => {
    expect(validatePasswordChange(valid)).toBeNull();
  });

  it("asks for all four fields with 'All fields are required'", () => {
    expect(validatePasswordChange({ ...valid, currentPassword: '', confirmPassword: '' })).toEqual({
      form: 'All fields are required',
      fields: {
        currentPassword: 'This field is required',
        confirmPassword: 'This field is required',
      },
    });
  });

  it('rejects a new password shorter than 12 or longer than 128 characters', () => {
    const short = 'x'.repeat(11);
    expect(
      validatePasswordChange({ ...valid, newPassword: short, confirmPassword: short })?.fields,
    ).toEqual({ newPassword: 'Password must be at least 12 characters' });
    const long = 'x'.repeat(129);
    expect(
      validatePasswordChange({ ...valid, newPassword: long, confirmPassword: long })?.fields,
    ).toEqual({ newPassword: 'Password must be at most 128 characters' });
    const exact = 'x'.repeat(12);
    expect(validatePasswordChange({ ...valid, newPassword: exact, confirmPassword: exact })).toBe(
      null,
    );
  });

  it("says 'New passwords do not match' when the confirmation differs", () => {
    expect(validatePasswordChange({ ...valid, confirmPassword: 'a new passwort' })).toEqual({
      fields: { confirmPassword: 'New passwords do not match' },
    });
  });
});
