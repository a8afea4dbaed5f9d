import { describe, expect, it } from 'vitest';
import { hyphenatedCodes, latinRuns } from './chat-lines';

const latin = (line: string) => latinRuns(line).flatMap((p) => (p.latin ? [p.text] : []));

describe('latinRuns', () => {
  it('keeps a part name with its SKU as one run, and the figures after it with the Arabic', () => {
    const line = '- Ignition coil (ENG-IGN-COIL): 2 في المخزون، الحد الأدنى 4';
    expect(latinRuns(line)).toEqual([
      { text: '- ', latin: false },
      { text: 'Ignition coil (ENG-IGN-COIL)', latin: true },
      { text: ': 2 في المخزون، الحد الأدنى 4', latin: false },
    ]);
    expect(latin('- Engine oil 0W-20, 1 L (ENG-OIL-5W30): 5 في المخزون')).toEqual(['Engine oil 0W-20, 1 L (ENG-OIL-5W30)']);
    expect(latin('- Tyre 265/65 R17 (SUV) (TYR-265-65R17): 6 في')).toEqual(['Tyre 265/65 R17 (SUV) (TYR-265-65R17)']);
  });

  it('leaves a trailing amount, comma or year outside the run', () => {
    expect(latin('- INV-0003: John Smith, 1,250.00 مستحقة منذ 2026-01-02')).toEqual(['INV-0003', 'John Smith']);
    expect(latin('المستحق على 2020 Toyota Camry (ABC-123):')).toEqual(['Toyota Camry (ABC-123)']);
  });

  it('gives back the whole line, and an Arabic line as one piece', () => {
    const line = '- JC-0001: Oil change, Sara Ali, مجدولة في 2026-01-02 (قيد التنفيذ)';
    expect(
      latinRuns(line)
        .map((p) => p.text)
        .join(''),
    ).toBe(line);
    expect(latinRuns('لا توجد فواتير متأخرة.')).toEqual([{ text: 'لا توجد فواتير متأخرة.', latin: false }]);
  });
});

describe('hyphenatedCodes', () => {
  it('puts each hyphenated code at an odd index, the words around it at even ones', () => {
    expect(hyphenatedCodes('Interior LED bulb set (ELE-BLB-LED)')).toEqual(['Interior LED bulb set ', '(ELE-BLB-LED)', '']);
    expect(hyphenatedCodes('Engine oil 0W-20, 1 L (ENG-OIL-5W30)')).toEqual(['Engine oil ', '0W-20,', ' 1 L ', '(ENG-OIL-5W30)', '']);
    expect(hyphenatedCodes('Battery 12 V 60 Ah')).toEqual(['Battery 12 V 60 Ah']);
  });
});
