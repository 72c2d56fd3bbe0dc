import { MAX_ATTACHMENT_BYTES } from '@fieldbook/domain';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { deleteQueuedFiles, sweepFiles } from './file-sweep.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

let owner: ApiClient;
let technician: ApiClient;
let technicianEmail: string;
let ownJobId: string;
let otherJobId: string;
let photo: Buffer;

const filesOf = (jobId: string) => `/api/jobs/${jobId}/attachments`;
const upload = (as: ApiClient, jobId: string, body: Buffer, filename: string, type = 'image/jpeg') =>
  as.post(`${filesOf(jobId)}?filename=${encodeURIComponent(filename)}`, body, { 'content-type': type });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A phone photo as a phone writes it: 60×40 pixels, its left half red, with an EXIF orientation of 6 (to be turned
 * a quarter clockwise: upright it is 40×60, the red at the top), the phone's make and where it was taken.
 */
async function phonePhoto(): Promise<Buffer> {
  const sideways = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2060c0' } })
    .composite([
      { input: { create: { width: 30, height: 40, channels: 3, background: '#e02020' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  return sharp(sideways)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Fieldbook', Model: 'Test phone' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 4/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 26/1',
      },
    })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  ({ owner, technician, technicianEmail, ownJobId, otherJobId } = await technicianJobs(t, a, 'Nguyễn & Co'));
  photo = await phonePhoto();
  const tagged = await sharp(photo).metadata();
  expect([tagged.orientation, tagged.width, tagged.exif === undefined]).toEqual([6, 60, false]);
});

describe("a job's photos and files", () => {
  it('keeps a phone photo upright and without its metadata, with a thumbnail, for the office to see', async () => {
    const added = await upload(technician, ownJobId, photo, 'IMG_0412.JPG');
    expect(added.statusCode, added.body).toBe(201);
    const record = added.json();
    expect(record).toMatchObject({
      job: { id: ownJobId },
      filename: 'IMG_0412.JPG',
      contentType: 'image/jpeg',
      width: 40,
      height: 60,
      thumbnail: true,
      addedBy: { name: technicianEmail, mine: true },
    });
    const original = await owner.get(`${filesOf(ownJobId)}/${record.id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-disposition']).toBe("inline; filename*=UTF-8''IMG_0412.JPG");
    const stored = original.rawPayload;
    expect(stored.length).toBe(record.size);
    const meta = await sharp(stored).metadata();
    expect({
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation,
      exif: meta.exif,
    }).toEqual({
      width: 40,
      height: 60,
      orientation: undefined,
      exif: undefined,
    });
    expect(stored.includes(Buffer.from('Test phone'))).toBe(false);
    // Upright: the red half is now at the top.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const [red, , blue] = [data[0], data[1], data[2]];
    expect(red).toBeGreaterThan(180);
    expect(blue).toBeLessThan(90);
    const bottom = (59 * 40 + 20) * 3;
    expect(data[bottom + 2]).toBeGreaterThan(150);

    const thumbnail = await technician.get(`${filesOf(ownJobId)}/${record.id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
    expect((await owner.get(filesOf(ownJobId))).json()).toEqual([
      { ...record, addedBy: { ...record.addedBy, mine: false } },
    ]);
  });

  it('keeps a PDF as it came, without a thumbnail, whatever type the request says', async () => {
    const added = await upload(
      owner,
      ownJobId,
      PDF,
      'Compliance certificate.pdf',
      'application/octet-stream',
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ contentType: 'application/pdf', width: null, thumbnail: false });
    const read = await technician.get(`${filesOf(ownJobId)}/${added.json().id}`);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect((await owner.get(`${filesOf(ownJobId)}/${added.json().id}/thumbnail`)).statusCode).toBe(404);
  });

  it('refuses by content, not by name: SVG, HTML, a program, HEIC, a broken image, an empty file; nothing is kept', async () => {
    const before = (await owner.get(filesOf(otherJobId))).json().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const broken = Buffer.concat([photo.subarray(0, 200), Buffer.alloc(200)]);
    const program = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
    for (const [body, name, type, message] of [
      [svg, 'photo.jpg', 'image/jpeg', /^Attach a photo \(JPEG, PNG or WebP\) or a PDF/],
      [html, 'notes.pdf', 'application/pdf', /^Attach a photo/],
      [program, 'IMG_1.jpg', 'image/jpeg', /^Attach a photo/],
      [heic, 'IMG_2.HEIC', 'image/heic', /^HEIC photos cannot be added yet/],
      [broken, 'IMG_3.jpg', 'image/jpeg', /^This image could not be read/],
      [Buffer.alloc(0), 'empty.jpg', 'image/jpeg', /^The file is empty/],
    ] as const) {
      const refused = await upload(owner, otherJobId, body, name, type);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message, name).toMatch(message);
    }
    const unnamed = await owner.post(filesOf(otherJobId), PDF, { 'content-type': 'application/pdf' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fieldErrors[0].field).toBe('filename');
    expect((await owner.get(filesOf(otherJobId))).json()).toHaveLength(before);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const huge = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1);
    PDF.copy(huge);
    const refused = await upload(owner, otherJobId, huge, 'scan.pdf', 'application/pdf');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBeDefined();
  });

  it('lets the person who added a file or the office delete it, not another Technician', async () => {
    const mine = (await upload(technician, ownJobId, photo, 'mine.jpg')).json();
    const theirs = (await upload(owner, ownJobId, PDF, 'theirs.pdf', 'application/pdf')).json();
    const refused = await technician.delete(`${filesOf(ownJobId)}/${theirs.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the person who added a file, or the office, can delete it.');
    expect((await technician.delete(`${filesOf(ownJobId)}/${mine.id}`)).statusCode).toBe(204);
    expect((await owner.get(`${filesOf(ownJobId)}/${mine.id}`)).statusCode).toBe(404);
    const office = apiAs(t, (await newMember(t, a.tenant.tenantId, 'OFFICE')).token);
    expect((await office.delete(`${filesOf(ownJobId)}/${theirs.id}`)).statusCode).toBe(204);
    // The deleted files are gone from the store too.
    expect(await t.app.files.get(`${a.tenant.tenantId}/${mine.id}/original`)).toBeUndefined();
    expect(await t.app.files.get(`${a.tenant.tenantId}/${mine.id}/thumbnail`)).toBeUndefined();
  });

  it("is not another technician's or another organisation's to add, read or delete", async () => {
    const kept = (await upload(owner, otherJobId, PDF, 'kept.pdf', 'application/pdf')).json();
    expect((await upload(technician, otherJobId, photo, 'x.jpg')).statusCode).toBe(404);
    expect((await technician.get(filesOf(otherJobId))).statusCode).toBe(404);
    expect((await technician.get(`${filesOf(otherJobId)}/${kept.id}`)).statusCode).toBe(404);
    expect((await technician.delete(`${filesOf(otherJobId)}/${kept.id}`)).statusCode).toBe(404);
    const other = apiAs(t, b.token);
    expect((await other.get(filesOf(otherJobId))).statusCode).toBe(404);
    expect((await other.get(`${filesOf(otherJobId)}/${kept.id}`)).statusCode).toBe(404);
    expect((await upload(other, otherJobId, PDF, 'y.pdf', 'application/pdf')).statusCode).toBe(404);
    expect((await other.delete(`${filesOf(otherJobId)}/${kept.id}`)).statusCode).toBe(404);
    // Another job's file id under this job is not this job's.
    expect((await owner.get(`${filesOf(ownJobId)}/${kept.id}`)).statusCode).toBe(404);
    expect((await owner.get(`${filesOf(otherJobId)}/not-a-uuid`)).statusCode).toBe(404);
  });

  it("leaves no file without a row: a deleted job's files are queued with its delete; one with no row is swept after an hour", async () => {
    const job = (
      await owner.post('/api/jobs', {
        customer: { id: (await owner.get(`/api/jobs/${ownJobId}`)).json().customer.id },
      })
    ).json();
    const kept = (await upload(owner, ownJobId, PDF, 'kept.pdf', 'application/pdf')).json();
    const gone = (await upload(owner, job.id, photo, 'gone.jpg')).json();
    const goneKeys = [
      `${a.tenant.tenantId}/${gone.id}/original`,
      `${a.tenant.tenantId}/${gone.id}/thumbnail`,
    ];
    // An upload whose row never came (the server stopped between the file and the row).
    const orphan = `${a.tenant.tenantId}/0190c7a8-0000-7000-8000-000000000001/original`;
    await t.app.files.put(orphan, PDF, 'application/pdf');

    // Deleting the job deletes its rows and, in the same transaction, queues their files for deletion.
    expect((await owner.delete(`/api/jobs/${job.id}`)).statusCode).toBe(204);
    for (const key of goneKeys) expect(await t.app.files.get(key)).toBeDefined();
    expect(await deleteQueuedFiles(t.database.db, t.app.files)).toBeGreaterThanOrEqual(1);
    for (const key of goneKeys) expect(await t.app.files.get(key)).toBeUndefined();
    expect(await deleteQueuedFiles(t.database.db, t.app.files)).toBe(0);

    // The daily sweep leaves a file with no row alone for an hour (its row may be on its way), then deletes it.
    expect(await sweepFiles(t.database.db, t.app.files)).toEqual([]);
    const later = Date.now() + 61 * 60_000;
    expect(await sweepFiles(t.database.db, t.app.files, later)).toEqual([orphan]);
    expect((await owner.get(`${filesOf(ownJobId)}/${kept.id}`)).statusCode).toBe(200);
  });
});
