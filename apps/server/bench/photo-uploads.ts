/**
 * `npm run bench:uploads`: what a phone photo costs the server. Starts the real server on 127.0.0.1 over a
 * throwaway database (PostgreSQL with DATABASE_URL, else PGlite), files on the disk in a temporary folder, and
 * uploads a 4 MB phone photo (4032×3024, sideways with an EXIF orientation and a GPS position, as a phone writes
 * it) to a job over HTTP:
 * - one at a time, BENCH_RUNS times (10): upload to thumbnail, the whole request (the type read from the bytes, the
 *   photo turned upright and written again without metadata, the thumbnail made, both files stored, the row);
 * - 8 at once (BENCH_AT_ONCE), three rounds: how long the last takes, and the server process's resident memory
 *   before and at its peak (sampled every 10 ms).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createTenantWithUser } from '../src/test-support/factories.ts';
import { percentile, serveThrowaway } from './bench-kit.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 8);
const serverUrl = process.env.DATABASE_URL;
const MB = 1024 * 1024;

/** A phone's photo: noise compresses as badly as a real scene, so 4032×3024 at quality 92 is about 4 MB. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const noise = randomBytes(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = 96 + ((noise[i] as number) & 63);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '37/1 49/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '144/1 58/1 0/1',
      },
    })
    .jpeg({ quality: 86 })
    .toBuffer();
}

const served = await serveThrowaway(serverUrl, 'uploads');
try {
  const owner = await createTenantWithUser(served.testApp);
  const auth = { authorization: `Bearer ${owner.token}` };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${served.base}/api${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
  const customer = (await (
    await api('/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: "O'Brien & Sons" }),
    })
  ).json()) as { id: string };
  const job = (await (
    await api('/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer: { id: customer.id } }),
    })
  ).json()) as { id: string };
  const photo = await phonePhoto();
  console.log(
    `Database: ${serverUrl ? 'PostgreSQL' : 'PGlite'}; the photo: ${(photo.length / MB).toFixed(2)} MB, 4032×3024, EXIF orientation 6 and GPS`,
  );
  const upload = async () => {
    const started = performance.now();
    const response = await api(`/jobs/${job.id}/attachments?filename=IMG_0412.jpg`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: photo,
    });
    const body = await response.text();
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${body.slice(0, 300)}`);
    return performance.now() - started;
  };
  await upload();
  const one: number[] = [];
  for (let i = 0; i < RUNS; i++) one.push(await upload());
  one.sort((a, b) => a - b);
  console.log(
    `One at a time (${RUNS} uploads): median ${percentile(one, 50).toFixed(0)} ms, p95 ${percentile(one, 95).toFixed(0)} ms, max ${percentile(one, 100).toFixed(0)} ms`,
  );

  for (let round = 1; round <= 3; round++) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const times = await Promise.all(Array.from({ length: AT_ONCE }, upload));
    clearInterval(sampler);
    console.log(
      `${AT_ONCE} at once, round ${round}: all done in ${(performance.now() - started).toFixed(0)} ms (slowest ${Math.max(...times).toFixed(0)} ms); server process memory ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at its peak (+${((peak - before) / MB).toFixed(0)} MB)`,
    );
  }
} finally {
  await served.close();
}
