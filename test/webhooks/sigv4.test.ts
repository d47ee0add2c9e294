import { describe, expect, it } from 'vitest';
import { amzDate, canonicalRequest, sigV4Authorization, type SignableRequest } from '../../src/server/webhooks/transports/sigv4.ts';

/**
 * Cases from AWS's published Signature Version 4 test suite (aws-sig-v4-test-suite): the example credentials,
 * region us-east-1, service `service`, 2015-08-30T12:36:00Z. Each expected value is the suite's `.authz` file.
 */
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const scope = { region: 'us-east-1', service: 'service' };
const base = { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' };
const authz = (signedHeaders: string, signature: string) =>
  `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=${signedHeaders}, Signature=${signature}`;

const suite: Array<{ name: string; request: SignableRequest; expected: string }> = [
  {
    name: 'post-vanilla',
    request: { method: 'POST', path: '/', headers: { Host: base.host, 'X-Amz-Date': base['x-amz-date'] }, body: '' },
    expected: authz('host;x-amz-date', '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b'),
  },
  {
    name: 'post-x-www-form-urlencoded',
    request: { method: 'POST', path: '/', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...base }, body: 'Param1=value1' },
    expected: authz('content-type;host;x-amz-date', 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a'),
  },
  {
    name: 'post-header-key-sort',
    request: { method: 'POST', path: '/', headers: { ...base, 'My-Header1': 'value1' }, body: '' },
    expected: authz('host;my-header1;x-amz-date', 'c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c'),
  },
  {
    name: 'get-header-value-trim',
    request: { method: 'GET', path: '/', headers: { ...base, 'My-Header1': ' value1', 'My-Header2': ' "a   b   c"' }, body: '' },
    expected: authz('host;my-header1;my-header2;x-amz-date', 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736'),
  },
  {
    name: 'get-vanilla-query-order-key',
    request: { method: 'GET', path: '/', query: 'Param1=value2&Param1=Value1', headers: base, body: '' },
    expected: authz('host;x-amz-date', 'eedbc4e291e521cf13422ffca22be7d2eb8146eecf653089df300a15b2382bd1'),
  },
];

describe('SigV4 signer', () => {
  it.each(suite)('$name matches the AWS test suite', ({ request, expected }) => {
    expect(sigV4Authorization(request, credentials, scope)).toBe(expected);
  });

  it('builds the suite canonical request for post-x-www-form-urlencoded', () => {
    expect(canonicalRequest(suite[1]!.request).text).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/x-www-form-urlencoded',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'content-type;host;x-amz-date',
        '9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e',
      ].join('\n'),
    );
  });

  it('formats X-Amz-Date and refuses a request without one', () => {
    expect(amzDate(Date.UTC(2015, 7, 30, 12, 36, 0, 123))).toBe('20150830T123600Z');
    expect(() => sigV4Authorization({ method: 'POST', path: '/', headers: { host: 'x' }, body: '' }, credentials, scope)).toThrow(/x-amz-date/);
  });
});
