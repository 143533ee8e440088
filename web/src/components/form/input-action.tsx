import type { ReactNode } from 'react';
import classes from './InputAction.module.css';

/** The class an action button beside an input takes (see `withAction`). */
export const inputActionClass = classes.action;

/** A button that is at least 44 px tall on a phone (a thumb's target), its own size elsewhere. */
export const touchTargetClass = classes.touch;

/**
 * For Mantine's `inputContainer`: the input box and `action` on one line, so the button lines up with the
 * box (not the label) without offsets, and the description and error run under both.
 * Give the button `className={inputActionClass}`.
 */
export function withAction(action: ReactNode): (input: ReactNode) => ReactNode {
  return (input) => (
    <div className={classes.row}>
      <div className={classes.input}>{input}</div>
      {action}
    </div>
  );
}
