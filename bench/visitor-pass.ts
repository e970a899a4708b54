// Visitor entry passes: how big their QR codes get and how long a pass takes to verify in Node.
// Signs passes as the server does (node:crypto Ed25519, the shared codec), prints the QR version
// (error correction M, as the pass page draws it) of a visit pass with 1 and 3 areas and of a
// long-term pass with 3 areas (goal: version 10 or lower), then verifies `n` different passes
// the way a gate does (decode, Ed25519 signature with @noble/curves, the verdict) and prints
// the median and p99 time per pass.
// Usage: npx tsx bench/visitor-pass.ts [n=1000]
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import QRCode from 'qrcode';
import {
  assemblePass,
  decodePass,
  encodePass,
  newPassSerial,
  passVerdict,
  type PassFields,
  verifyPassSignature,
} from '../packages/shared/src/visitor-pass.ts';

const n = Number(process.argv[2] ?? 1000);
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const raw = publicKey.export({ format: 'jwk' }).x!;
// The server's kids are 4 random bytes in base64url (6 characters).
const keys = [{ kid: 'Zk3q_A', public_key: raw }];

function issue(fields: PassFields): string {
  const { payload, message } = encodePass(fields);
  return assemblePass(payload, new Uint8Array(sign(null, message, privateKey)));
}

const now = Math.floor(Date.now() / 1000);
function pass(areas: number, kind: PassFields['kind'] = 'visit'): PassFields {
  return {
    kid: keys[0]!.kid,
    serial: newPassSerial(),
    tenantKey: 'tenant-0123456789', // 17 characters; the demo tenant's is 'demo'
    kind,
    validFrom: now - 3600,
    validTo: now + 365 * 86400,
    ...(kind === 'longTerm' ? { weekdays: [1, 2, 3, 4, 5], startMinute: 480, endMinute: 1080 } : {}),
    areaIds: Array.from({ length: areas }, () => randomUUID()),
    visitorName: '欧阳**明',
  };
}

for (const [label, fields] of [
  ['visit, 1 area', pass(1)],
  ['visit, 3 areas', pass(3)],
  ['long-term, 3 areas', pass(3, 'longTerm')],
] as const) {
  const token = issue(fields);
  const version = QRCode.create(token, { errorCorrectionLevel: 'M' }).version;
  console.log(`${label}: ${token.length} characters, QR version ${version} (M)`);
}

const tokens = Array.from({ length: n }, () => issue(pass(3)));
const times: number[] = [];
let valid = 0;
for (const token of tokens) {
  const t0 = performance.now();
  const decoded = decodePass(token);
  const verdict = passVerdict({
    decoded,
    signatureOk: verifyPassSignature(decoded, keys),
    tenantKey: 'tenant-0123456789', // 17 characters; the demo tenant's is 'demo'
    place: decoded.ok ? decoded.pass.areaIds[1]! : '',
    at: Date.now(),
    timeZone: 'Asia/Shanghai',
    revoked: new Set(),
  });
  times.push(performance.now() - t0);
  if (verdict.result === 'valid') valid++;
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(`verify ${n} passes in Node ${process.version}: median ${at(0.5)} ms, p99 ${at(0.99)} ms (${valid} valid)`);
