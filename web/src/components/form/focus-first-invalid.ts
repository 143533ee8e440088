/** After the field messages render, take keyboard and screen-reader users to the first invalid field. */
export function focusFirstInvalid(): void {
  setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
}
