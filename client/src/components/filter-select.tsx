import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

interface FilterSelectProps<T extends string> {
  value: T | 'all';
  onChange: (value: T | 'all') => void;
  /** The choices (e.g. CATEGORIES) and their Greek labels; 'all' comes first. */
  options: readonly T[];
  labels: Record<T, string>;
  allLabel: string;
  ariaLabel: string;
  id?: string;
  className?: string;
}

/** A filter dropdown with an "all" option: category, status and the like, the same everywhere. */
export function FilterSelect<T extends string>({ value, onChange, options, labels, allLabel, ariaLabel, id, className }: FilterSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T | 'all')}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o} value={o}>
            {labels[o]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
