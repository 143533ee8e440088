import fc from 'fast-check';
import { rawMultipart, type RawPart } from '../routes/hardening.suite';

/** Strings a hostile client sends: NUL and control bytes, invisible and astral characters, numbers as text, huge ones. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u200B\u3164',
    '콩이',
    '🐶'.repeat(20),
    '0x1A',
    '+1',
    '1e3',
    '01',
    '-1',
    'NaN',
    'Infinity',
    '9'.repeat(40),
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%E0%A4%A',
    'null',
    'true',
    '2025-13-45',
    '25:99',
    'a@b',
    'x'.repeat(5000),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });

/** Field names our bodies use, so a wrong-typed value meets the validator of a real field (and unknown ones too). */
const FIELDS = [
  'userId',
  'password',
  'name',
  'email',
  'birth',
  'phoneNm',
  'code',
  'petId',
  'weight',
  'age',
  'gender',
  'breed',
  'content',
  'title',
  'category',
  'amount',
  'strayId',
  'latitude',
  'longitude',
  'description',
  'location',
  'type',
  'foundDate',
  'foundTime',
  'impUid',
  'merchantUid',
  'reason',
  'status',
  '__proto__',
  'constructor',
];

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A JSON body: a record of our field names with wrong/right-typed values, any JSON value, or text that is not JSON. */
export const jsonBody = (valid: unknown[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...valid).map((v) => JSON.stringify(v)) },
    fc
      .tuple(fc.constantFrom(...valid), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 3 }))
      .map(([v, patch]) => JSON.stringify({ ...(v as object), ...patch })),
    fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.constantFrom('{', '{"userId":', '[1,2', 'userId=ann&password=x', '\u0000', '', '{"a":1}{"b":2}', '{"a":"\\ud800"}'),
    hostileString,
  );

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'image/jpeg',
  '*/*',
  'garbage',
];

/** A multipart body: random parts named like ours (JSON text, bytes, truncated images), some with our valid JPEG. */
export const multipartBody = (jpeg: Buffer, validJson: Record<string, unknown>, own?: string) => {
  const part: fc.Arbitrary<RawPart> = fc.record({
    name: fc.oneof(fc.constantFrom('pet', 'abandoned-pet', 'post', 'profile', 'imageurl', 'image', 'file', 'images'), printable),
    value: fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.constant(jpeg),
      fc.nat({ max: jpeg.length }).map((n) => jpeg.subarray(0, n)),
      fc.constant(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 7)])),
      jsonBody(Object.values(validJson)),
    ),
    filename: fc.option(fc.oneof(fc.constantFrom('dog.jpg', 'a.json', '../../x.jpg', 'x.exe'), printable), { nil: undefined }),
    type: fc.option(fc.constantFrom(...CONTENT_TYPES, 'image/png', 'image/gif', 'image/webp'), { nil: undefined }),
  });
  const valid = fc.constantFrom(...Object.entries(validJson).filter(([name]) => own === undefined || name === own)).map(([name, json]) => [
    { name, value: JSON.stringify(json), type: 'application/json' },
    {
      name: name === 'pet' ? 'profile' : name === 'abandoned-pet' ? 'imageurl' : 'image',
      value: jpeg,
      filename: 'dog.jpg',
      type: 'image/jpeg',
    },
  ]);
  return fc
    .oneof(
      fc.array(part, { maxLength: 5 }),
      { weight: 3, arbitrary: valid },
      fc.tuple(valid, fc.array(part, { maxLength: 2 })).map(([a, b]) => [...a, ...b]),
    )
    .map((parts) => rawMultipart(parts));
};

export const queryString = fc.oneof(
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(
          'page',
          'size',
          'location',
          'foundDate',
          'foundTime',
          'type',
          'gender',
          'q',
          'category',
          'state',
          'email',
          'code',
          'userId',
          'status',
          'sort',
        ),
        printable,
      ),
      hostileString,
      { maxKeys: 5 },
    )
    .map((q) => new URLSearchParams(q).toString()),
  fc.constantFrom('page=%E0%A4%A', 'size=%00', 'page=1&page=2', 'a[b]=1', '%', 'location=%ED%95'),
);

export const pathParam = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('0', '1', '0x1A', '+1', '1e3', '01', '-1', '9'.repeat(30), '..', '%00', '%2F', 'abc', '1.5', '%E0%A4%A'),
  hostileString.map(encodeURIComponent),
);

/** Each header sent a quarter of the time, so most cases get past the content-type and origin checks to the validators. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

export const headerSet = fc
  .record({
    'content-type': sometimes(fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable)),
    origin: sometimes(fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://bff.test.evil.example'), printable)),
    'x-forwarded-for': sometimes(fc.oneof(fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', '::1', 'unknown'), printable)),
    'accept-encoding': sometimes(fc.constantFrom('br', 'gzip', 'deflate', 'identity;q=0', '*', 'br;q=0, gzip;q=0', 'zstd')),
    'idempotency-key': sometimes(fc.oneof(fc.constantFrom('abcdefgh12345678', 'short', 'x'.repeat(200)), printable)),
    accept: sometimes(fc.constantFrom('application/json', 'text/html', '*/*', 'image/*')),
  })
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

export const cookieArb = (memberSid: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(`JSESSIONID=${memberSid}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    fc.constantFrom(
      'JSESSIONID=%00',
      'JSESSIONID=a%00b',
      'JSESSIONID=',
      `JSESSIONID=${'a'.repeat(400)}`,
      'JSESSIONID="x"',
      'JSESSIONID=a;b',
      'other=1',
    ),
    printable.map((v) => `JSESSIONID=${v}`),
  );
