import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { DateTimeField } from './date-time-field';

/** The field as a form holds it: the value it sends comes back. */
function Held({ onChange, defaultTime }: { onChange: (v: string) => void; defaultTime?: string }) {
  const [value, setValue] = useState('');
  return (
    <DateTimeField
      label="Due"
      value={value}
      defaultTime={defaultTime}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('DateTimeField', () => {
  it('shows a moment as pages write it, on a 24-hour clock, whatever the browser locale', () => {
    renderWithProviders(<DateTimeField label="Due" value="2026-12-07T14:30" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Due')).toHaveValue('7 Dec 2026');
    expect(screen.getByLabelText('Due, time')).toHaveValue('14:30');
    expect(screen.getByRole('group', { name: 'Due' })).toBeInTheDocument();
  });

  it('gives a newly picked day its default time, and a typed time its day', () => {
    const onChange = vi.fn();
    renderWithProviders(<Held defaultTime="23:59" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '7 Dec 2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-07T23:59');
    expect(screen.getByLabelText('Due, time')).toHaveValue('23:59');
    fireEvent.change(screen.getByLabelText('Due, time'), { target: { value: '2:30 pm' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-07T14:30');
  });

  it('keeps a time typed before the day', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeField label="Opens" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Opens, time'), { target: { value: '0930' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Opens'), { target: { value: '2026-09-01' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-09-01T09:30');
  });

  it('says what is wrong with a time it cannot read, and sends nothing for it', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateTimeField label="Closes" value="2026-12-07T10:00" onChange={onChange} />,
    );
    const time = screen.getByLabelText('Closes, time');
    fireEvent.change(time, { target: { value: '25:00' } });
    fireEvent.blur(time);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Write the time as hours and minutes, e.g. 14:30.')).toBeVisible();
    expect(time).toHaveAttribute('aria-invalid', 'true');
  });

  it('empties the moment when the day is cleared', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeField label="Due" value="2026-12-07T14:30" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
