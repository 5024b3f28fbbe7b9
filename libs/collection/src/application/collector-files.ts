import type { Readable } from 'node:stream';
import type { ClientType } from '../domain/records.js';

/** A collector file opened for download: its bytes as a stream, and its size when opened. */
export interface OpenedCollectorFile {
  stream: Readable;
  size: number;
}

/**
 * The collector releases an operator drops on disk (COLLECTORS_DIR/<type>/), and the kennel manifest file. Names
 * are plain file names of the type's folder as `list` answered them, never paths: an implementation serves only
 * regular files that are in the folder, or links that resolve inside it.
 */
export abstract class CollectorFiles {
  /** Names of the regular files in the type's folder; none when the folder does not exist. */
  abstract list(type: ClientType): Promise<string[]>;

  /** The bytes of a small file of the folder; undefined when it is gone, not servable, or larger than maxBytes. */
  abstract read(type: ClientType, name: string, maxBytes: number): Promise<Buffer | undefined>;

  /** Opens a file of the folder for streaming; undefined when it is gone or not servable. */
  abstract open(type: ClientType, name: string): Promise<OpenedCollectorFile | undefined>;

  /** The text of the operator's kennel manifest file (KENNEL_MANIFEST); throws when it cannot be read or is larger. */
  abstract readManifestFile(path: string, maxBytes: number): Promise<string>;
}
