// One file of an upload: its name, a progress bar (role progressbar, named after the file) and what became of it.
import { percentDone, type FileProgress } from './upload-run';
import { formatBytes } from '../api/wire-values';

const STATUS_TEXT = { waiting: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed' } as const;

export function FileProgressRow({ file }: { file: FileProgress }) {
  const percent = percentDone(file);
  return (
    <li className={`upload-file upload-file-${file.status}`}>
      <span className="upload-file-name">{file.name}</span>
      <span className="upload-file-size">{formatBytes(file.size)}</span>
      <div
        className="progress"
        role="progressbar"
        aria-label={`Upload progress ${file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% ${STATUS_TEXT[file.status].toLowerCase()}`}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-file-status">
        {STATUS_TEXT[file.status]}
        {file.error ? `: ${file.error}` : ''}
      </span>
    </li>
  );
}
