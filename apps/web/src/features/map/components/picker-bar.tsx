/**
 * A row of choices over the map (the day and category pickers): native radio buttons of one group, so Tab reaches
 * the chosen one and the arrow keys move the choice, each with a visible label and a name shown as a tooltip on
 * hover and keyboard focus. Plain elements and CSS: no measuring, portal or positioning code on the first screen.
 */
import { type ReactNode, useId } from 'react';
import classes from './picker-bar.module.css';

export type PickerOption = {
  value: string;
  /** The accessible name, also shown as the tooltip. */
  name: string;
  /** What the option shows (hidden from assistive technology: the name says it). */
  content: ReactNode;
};

export type PickerBarProps = {
  label: string;
  options: PickerOption[];
  value: string;
  onChange: (value: string) => void;
  /** Where the tooltips open: below for a bar at the top of the map, above for one at the bottom. */
  tooltips: 'above' | 'below';
  /**
   * Shows the chosen option's name in words above the bar: icons alone say nothing on a touch screen, which has no
   * hover to show a tooltip (the radio's name already says it to assistive technology).
   */
  showChosen?: boolean;
};

/** The bar of radios, with the chosen option's name in words above it when `showChosen`. */
export function PickerBar({ label, options, value, onChange, tooltips, showChosen = false }: PickerBarProps) {
  const group = useId();
  const chosen = options.find((option) => option.value === value);
  const bar = (
    <div role="radiogroup" aria-label={label} className={classes.bar} data-tooltips={tooltips}>
      {options.map((option) => {
        const id = `${group}-${option.value}`;
        return (
          <div key={option.value} className={classes.option}>
            <input
              type="radio"
              id={id}
              name={group}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className={classes.input}
            />
            {/* The tooltip is the label's ::after, whose text is kept out of the accessible name (CSS alt text). */}
            <label htmlFor={id} className={classes.label} data-tooltip={option.name}>
              <span aria-hidden="true" className={classes.content}>
                {option.content}
              </span>
              <span className={classes.name}>{option.name}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
  if (!showChosen) return bar;
  return (
    <div className={classes.withChosen}>
      {chosen && (
        <span aria-hidden="true" className={classes.chosen} data-picker-chosen="">
          {chosen.name}
        </span>
      )}
      {bar}
    </div>
  );
}
