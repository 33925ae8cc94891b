/** A throwaway self-signed certificate for the bench's local HTTPS servers (openssl, as Debian ships it). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Writes `key.pem` and `cert.pem` into `dir`, valid two days for `subjectAltName` (for example `DNS:a.example` or
 * `IP:127.0.0.1`), and returns their paths. Chromium takes it with `--ignore-certificate-errors`.
 */
export function selfSignedCertificate(dir: string, subjectAltName: string): { key: string; cert: string } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const name = subjectAltName.replace(/^(DNS|IP):/, '');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${subjectAltName}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}
