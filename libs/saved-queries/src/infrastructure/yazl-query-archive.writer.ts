import { Injectable } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import * as yazl from 'yazl';
import { QueryArchiveWriter, type ArchiveFile } from '../application/ports.js';

/** Zips exported query files in memory (yazl, the writing half of the yauzl the imports read with). */
@Injectable()
export class YazlQueryArchiveWriter extends QueryArchiveWriter {
  async write(files: readonly ArchiveFile[]): Promise<Buffer> {
    const zip = new yazl.ZipFile();
    const mtime = new Date();
    for (const file of files) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.name, { mtime });
    const bytes = buffer(zip.outputStream);
    zip.end();
    return bytes;
  }
}
