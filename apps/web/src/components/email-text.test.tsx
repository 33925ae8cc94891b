// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

afterEach(cleanup);

describe('EmailText', () => {
  it('reads as the address, with break opportunities after the @ and before each dot only', () => {
    const { container } = render(
      <p>
        <EmailText email="complete.org@demo.evmap.ca" />
      </p>,
    );
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe('complete.org@demo.evmap.ca');
    // complete | .org@ | demo | .evmap | .ca
    expect(paragraph?.innerHTML).toBe('complete<wbr>.org@<wbr>demo<wbr>.evmap<wbr>.ca');
  });

  it('leaves an address without dots or @ whole', () => {
    const { container } = render(
      <p>
        <EmailText email="localhost" />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('localhost');
  });
});
