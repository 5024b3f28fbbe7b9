// A time as people read it (the one format, wire-values.formatDate), its exact ISO form as the tooltip.
import { formatDate, isoTime, plainTime } from '../api/wire-values';

/** `value`: a wire time (either WIRE_FORMAT); `never` is shown when there is none. */
export function TimeText({ value, never = '—' }: { value: unknown; never?: string }) {
  const date = plainTime(value);
  if (!date) return <>{never}</>;
  const iso = isoTime(date);
  return (
    <time dateTime={iso} title={iso}>
      {formatDate(date)}
    </time>
  );
}
