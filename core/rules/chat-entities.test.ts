import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  extractDocumentNumber,
  extractPeriod,
  extractPhoneDigits,
  extractPlate,
  extractVin,
  foldWord,
  periodOf,
  westernDigits,
} from './chat-entities.ts';

const TODAY = '2026-11-25'; // a Wednesday

describe('the chat reads from a question', () => {
  it('its language', () => {
    expect(detectLanguage('How many job cards are open?')).toBe('en');
    expect(detectLanguage('كم بطاقة عمل مفتوحة؟')).toBe('ar');
    expect(detectLanguage('ما مدى انشغال Omar Haddad؟')).toBe('ar');
    expect(detectLanguage('find customer محمد العتيبي')).toBe('en');
  });

  it('Arabic digits and letter forms as the records are written', () => {
    expect(westernDigits('٢٠٢٦ و ۱۲')).toBe('2026 و 12');
    expect(foldWord('أحمد')).toBe('احمد');
    expect(foldWord('مستشفى')).toBe('مستشفي');
    expect(foldWord('سيارة')).toBe('سياره');
    expect(foldWord("Omar's")).toBe('omar');
  });

  it('document numbers, VINs, phones and plates', () => {
    expect(extractDocumentNumber('status of jc 000123?', 'JC')).toBe('JC-000123');
    expect(extractDocumentNumber('حالة الفاتورة INV-٠٠٠٠٤٢', 'INV')).toBe('INV-000042');
    expect(extractDocumentNumber('INV-000042', 'JC')).toBeNull();
    expect(extractVin('who owns 1FM5K8GC0KU282580?')).toBe('1FM5K8GC0KU282580');
    expect(extractVin('ABCDEFGHJKLMNPRST')).toBeNull();
    expect(extractPhoneDigits('who has +971 50 123 4567')).toBe('971501234567');
    expect(extractPhoneDigits('status of JC-000123')).toBeNull();
    expect(extractPhoneDigits('who owns VIN00000000000003?')).toBeNull();
    expect(extractPlate('Whose car is DXB A 12345?')).toBe('DXB A 12345');
    expect(extractPlate('history of 1234 ABC')).toBe('1234 ABC');
    expect(extractPlate('من صاحب اللوحة YMH-0235؟')).toBe('YMH-0235');
    expect(extractPlate('revenue in 2026')).toBeNull();
    expect(extractPlate('How many job cards are open?')).toBeNull();
  });

  it('periods, named and counted, in English and Arabic', () => {
    expect(periodOf('this_week', TODAY)).toEqual({ key: 'this_week', from: '2026-11-23', to: '2026-11-30' });
    expect(extractPeriod('revenue last month', TODAY)).toEqual({ key: 'last_month', from: '2026-10-01', to: '2026-11-01' });
    expect(extractPeriod('الإيرادات الشهر الماضي', TODAY)?.key).toBe('last_month');
    expect(extractPeriod('ما جدول هذا الأسبوع؟', TODAY)?.key).toBe('this_week');
    expect(extractPeriod('حجوزات الأسبوع القادم', TODAY)?.key).toBe('next_week');
    expect(extractPeriod("what's on today's schedule", TODAY)?.key).toBe('today');
    expect(extractPeriod('payments in the last 30 days', TODAY)).toEqual({ key: 'last_30_days', from: '2026-10-27', to: '2026-11-26' });
    expect(extractPeriod('الإيرادات آخر ٧ أيام', TODAY)?.key).toBe('last_7_days');
    expect(extractPeriod('revenue in March', TODAY)).toEqual({ key: '2026-03', from: '2026-03-01', to: '2026-04-01' });
    expect(extractPeriod('revenue in December', TODAY)?.from).toBe('2025-12-01');
    expect(extractPeriod('الإيرادات في مارس', TODAY)?.key).toBe('2026-03');
    expect(extractPeriod('who may help me', TODAY)).toBeNull();
    expect(extractPeriod('How many job cards are open?', TODAY)).toBeNull();
  });
});
