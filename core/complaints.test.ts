import { describe, expect, it } from 'vitest';
import { COMPLAINT_CATEGORIES, complaintDueDate, complaintReference, complaintUrgency, isComplaintCategory, isComplaintReference } from './complaints';

describe('complaint rules', () => {
  it('writes the reference with the year and six digits', () => {
    expect(complaintReference(2026, 123)).toBe('CMP-2026-000123');
    expect(complaintReference(2027, 1_234_567)).toBe('CMP-2027-1234567');
    expect(isComplaintReference('CMP-2026-000123')).toBe(true);
    expect(isComplaintReference('CMP-2026-12')).toBe(false);
    expect(isComplaintReference('cmp-2026-000123')).toBe(false);
  });

  it('is due two calendar months later, the month end when the day does not exist', () => {
    expect(complaintDueDate(new Date('2026-11-30T10:15:00Z')).toISOString()).toBe('2027-01-30T10:15:00.000Z');
    expect(complaintDueDate(new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(complaintDueDate(new Date('2027-12-31T08:00:00Z')).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(complaintDueDate(new Date('2026-03-15T00:00:00Z')).toISOString()).toBe('2026-05-15T00:00:00.000Z');
  });

  it('flags a complaint near its due date and past it', () => {
    const due = new Date('2027-01-30T10:00:00Z');
    expect(complaintUrgency(due, new Date('2027-01-01T10:00:00Z'))).toBe('ok');
    expect(complaintUrgency(due, new Date('2027-01-16T10:00:00Z'))).toBe('near');
    expect(complaintUrgency(due, new Date('2027-01-30T10:00:00Z'))).toBe('overdue');
  });

  it('keeps withdrawal of funds as its own category, first', () => {
    expect(COMPLAINT_CATEGORIES[0]).toBe('withdrawal');
    expect(isComplaintCategory('withdrawal')).toBe(true);
    expect(isComplaintCategory('complaint')).toBe(false);
  });
});
