// Words that lazily loaded screens add to the catalogue when they load (lost-forms.ts), so the visitor's
// first load does not carry them. `t()` looks here after the entry's own table.
const extra: Record<string, string> = {};

export function registerMessages(table: Record<string, string>): void {
  Object.assign(extra, table);
}

export const registeredMessage = (key: string): string | undefined => extra[key];
