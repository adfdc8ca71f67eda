// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeField } from './CodeField';

afterEach(cleanup);

function Form({ invalid = false, hint }: { invalid?: boolean; hint?: string }) {
  const [code, setCode] = useState('');
  return (
    <form>
      <p id="form-alert">The code is wrong.</p>
      <CodeField
        label="Verification code"
        value={code}
        onChange={setCode}
        hint={hint}
        invalid={invalid}
        describedBy={invalid ? 'form-alert' : undefined}
      />
      <output>{code}</output>
    </form>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Verification code' });

describe('CodeField', () => {
  it('keeps the digits of what is typed or pasted, six at the most', () => {
    render(<Form />);
    fireEvent.change(box(), { target: { value: '12 34-5678' } });
    expect(box()).toHaveProperty('value', '123456');
    fireEvent.change(box(), { target: { value: 'abc' } });
    expect(box()).toHaveProperty('value', '');
  });

  it('asks for the number pad and the one-time-code suggestion, and takes the focus', () => {
    render(<Form />);
    expect(box().getAttribute('inputmode')).toBe('numeric');
    expect(box().getAttribute('autocomplete')).toBe('one-time-code');
    expect(box().getAttribute('maxlength')).toBe('6');
    expect(box().getAttribute('name')).toBe('code');
    expect(box()).toBe(document.activeElement);
  });

  it('reads its hint, and the form-level alert while invalid', () => {
    const view = render(<Form hint="Check your inbox." />);
    expect(box().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Check your inbox.').id).toBe(box().getAttribute('aria-describedby'));

    view.rerender(<Form hint="Check your inbox." invalid />);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')?.split(' ')).toContain('form-alert');
  });
});
