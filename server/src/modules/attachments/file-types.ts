/** What a release may carry: images, PDF and office documents, up to 10 MB each. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_RELEASE = 20;

const TYPES: Record<string, { ext: string[]; magic?: (b: Buffer) => boolean }> = {
  'image/png': { ext: ['png'], magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: ['jpg', 'jpeg'], magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { ext: ['gif'], magic: (b) => b.subarray(0, 4).toString('ascii') === 'GIF8' },
  'image/webp': { ext: ['webp'], magic: (b) => b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP' },
  'application/pdf': { ext: ['pdf'], magic: (b) => b.subarray(0, 5).toString('ascii') === '%PDF-' },
  // Office Open XML and OpenDocument are zip files.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: ['docx'], magic: isZip },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: ['xlsx'], magic: isZip },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: ['pptx'], magic: isZip },
  'application/vnd.oasis.opendocument.text': { ext: ['odt'], magic: isZip },
  'application/vnd.oasis.opendocument.spreadsheet': { ext: ['ods'], magic: isZip },
  'application/vnd.oasis.opendocument.presentation': { ext: ['odp'], magic: isZip },
  // Legacy Office files are OLE compound documents.
  'application/msword': { ext: ['doc'], magic: isOle },
  'application/vnd.ms-excel': { ext: ['xls'], magic: isOle },
  'application/vnd.ms-powerpoint': { ext: ['ppt'], magic: isOle },
};

function isZip(b: Buffer): boolean {
  return b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}
function isOle(b: Buffer): boolean {
  return b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
}

export const ACCEPTED_EXTENSIONS = Object.values(TYPES).flatMap((t) => t.ext);

/** The MIME type of an accepted file, judged by its extension and confirmed by its bytes. */
export function detectType(fileName: string, data: Buffer): string | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  for (const [mime, t] of Object.entries(TYPES)) {
    if (t.ext.includes(ext)) return !t.magic || t.magic(data) ? mime : null;
  }
  return null;
}

/** A safe display name: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200) || 'file';
}
