import { DomainError, type ErrorKind } from '../errors.ts';

/** The RFC 6749 error codes Canvas's OAuth2 endpoints answer with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope';

/**
 * A refused OAuth2 request. The OAuth2 endpoints do not answer with Canvas's `{"errors": …}` envelope but with
 * RFC 6749's `{"error": code, "error_description": text}`, as Canvas does: 401 when the client itself is unknown,
 * refused or not allowed, 400 otherwise.
 */
export class OAuthError extends DomainError {
  readonly kind: ErrorKind;
  readonly code: OAuthErrorCode;

  constructor(code: OAuthErrorCode, description: string) {
    super(description, { oauth: code });
    this.name = 'OAuthError';
    this.code = code;
    this.kind = code === 'invalid_client' || code === 'unauthorized_client' ? 'refused' : 'invalid';
  }
}
