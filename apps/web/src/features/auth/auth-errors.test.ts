// @vitest-environment node
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { describeAuthError, isLoginRequired } from './auth-errors';

describe('describeAuthError', () => {
  it("maps the client's state errors to 'Invalid state'", () => {
    expect(describeAuthError(new Error('No matching state found in storage'))).toBe('Invalid state');
    expect(describeAuthError(new Error('No state in response'))).toBe('Invalid state');
  });

  it('says the server could not be reached when a request got no answer', () => {
    expect(describeAuthError(new TypeError('Failed to fetch'))).toBe(
      'Fieldbook could not be reached to sign you in. Check your connection, then try again.',
    );
  });

  it('reports a timeout', () => {
    expect(describeAuthError(new ErrorTimeout('IFrame timed out without a response'))).toBe(
      'Sign-in timed out. Please try again.',
    );
  });

  it("shows the identity provider's description of a refusal", () => {
    const refusal = new ErrorResponse({
      error: 'access_denied',
      error_description: 'You are not a member of that organisation.',
    });

    expect(describeAuthError(refusal)).toBe('You are not a member of that organisation.');
    expect(describeAuthError(new ErrorResponse({ error: 'server_error' }))).toBe('server_error');
  });

  it('falls back to a generic message for anything else', () => {
    expect(describeAuthError('weird')).toBe('Sign-in failed.');
  });
});

describe('isLoginRequired', () => {
  it('recognises only the login_required error response', () => {
    expect(isLoginRequired(new ErrorResponse({ error: 'login_required' }))).toBe(true);
    expect(isLoginRequired(new ErrorResponse({ error: 'consent_required' }))).toBe(false);
    expect(isLoginRequired(new Error('login_required'))).toBe(false);
  });
});
