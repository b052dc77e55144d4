import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusal';
import { attachmentIdsOf, contentOf, departmentOf, phoneOf, plainText, priorityOf, safeFileName, subjectOf, ticketIdOf } from './rules';

const refusal = (work: () => unknown): { status: number; key: string } => {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, key: error.key };
    throw error;
  }
  throw new Error('not refused');
};

describe('support rules', () => {
  it('file names: last path segment, safe characters, the detected type’s extension', () => {
    expect(safeFileName('C:\\Users\\me\\scan 1.PNG', 'image/png')).toBe('scan 1.png');
    expect(safeFileName('../../<script>.pdf', 'application/pdf')).toBe('_script_.pdf');
    expect(safeFileName('photo.exe', 'image/jpeg')).toBe('photo.jpg');
    expect(safeFileName('', 'image/png')).toBe('attachment.png');
    expect(safeFileName('...', 'image/png')).toBe('attachment.png');
    expect(safeFileName(`${'a'.repeat(300)}.png`, 'image/png').length).toBeLessThanOrEqual(120);
    expect(safeFileName('Выписка.pdf', 'application/pdf')).toBe('Выписка.pdf');
    expect(safeFileName('a"b\r\nc.pdf', 'application/pdf')).toBe('a_b__c.pdf');
  });

  it('phone: at least 7 characters with digits, else calls.error_phone', () => {
    expect(phoneOf('  +44 (20) 7946-0000 ')).toBe('+44 (20) 7946-0000');
    expect(refusal(() => phoneOf('123456'))).toEqual({ status: 400, key: 'calls.error_phone' });
    expect(refusal(() => phoneOf('-------'))).toEqual({ status: 400, key: 'calls.error_phone' });
    expect(refusal(() => phoneOf('phone me'))).toEqual({ status: 400, key: 'calls.error_phone' });
    expect(refusal(() => phoneOf('1'.repeat(33)))).toEqual({ status: 400, key: 'calls.error_phone' });
  });

  it('plain text: control characters out, line ends kept; bounds counted after trimming', () => {
    expect(plainText('a\u0000b\r\nc\u0007')).toBe('ab\nc');
    expect(contentOf('  line 1\r\nline 2  ')).toBe('line 1\nline 2');
    expect(subjectOf('  many   spaces  ')).toBe('many spaces');
    expect(refusal(() => subjectOf('\u0000\u0001'))).toEqual({ status: 400, key: 'support.subject_required' });
    expect(refusal(() => contentOf('x'.repeat(5001)))).toEqual({ status: 400, key: 'support.content_long' });
  });

  it('department, priority, attachment ids and ticket ids', () => {
    expect(departmentOf('27')).toBe('27');
    expect(refusal(() => departmentOf('1'))).toEqual({ status: 400, key: 'support.department' });
    expect(priorityOf('1')).toBe('1');
    expect(refusal(() => priorityOf('0'))).toEqual({ status: 400, key: 'support.priority' });
    const id = '0b6f8a52-8f7e-4d7c-9a65-1f5d2c3b4a59';
    expect(attachmentIdsOf([id, id])).toEqual([id]);
    expect(attachmentIdsOf(undefined)).toEqual([]);
    expect(refusal(() => attachmentIdsOf(['1', '2', '3', '4']))).toEqual({ status: 400, key: 'support.attachments_many' });
    expect(ticketIdOf('12')).toBe(12);
    expect(ticketIdOf('012')).toBeNull();
    expect(ticketIdOf('1e3')).toBeNull();
    expect(ticketIdOf(undefined)).toBeNull();
  });
});
