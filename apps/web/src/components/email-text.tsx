/**
 * An email address that may wrap after its `@` and before its dots, and nowhere else: in a narrow table column
 * "complete@demo.evmap.ca" reads "complete@" / "demo.evmap.ca" instead of being cut mid-word.
 */
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  // The pieces between break opportunities: "complete@", "demo", ".evmap", ".ca".
  const pieces = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order, never reordered.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
