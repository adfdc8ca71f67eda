// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnChange } from './use-focus-on-change';

afterEach(cleanup);

function Steps({ step }: { step: string }) {
  const heading = useFocusOnChange<HTMLHeadingElement>(step);
  return (
    <>
      <input aria-label="first field" autoFocus />
      <h1 ref={heading} tabIndex={-1}>
        {step}
      </h1>
    </>
  );
}

describe('useFocusOnChange', () => {
  it('leaves the focus alone on the first render and moves it to the heading when the step changes', () => {
    const view = render(<Steps step="email" />);
    expect(document.activeElement).toBe(screen.getByLabelText('first field'));

    view.rerender(<Steps step="code" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'code' }));
  });
});
