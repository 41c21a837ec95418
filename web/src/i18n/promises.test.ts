import { describe, expect, it } from 'vitest';
import enCommon from '../locales/en/common.json';
import jaCommon from '../locales/ja/common.json';
import zhCommon from '../locales/zh/common.json';

// The texts may promise only what the product does. The directory filters by
// country, month, category, maximum fee and open calls (no genre, length or
// premiere filter), and reminders fall on or before the festival's start
// date, not a deadline. The words below are the promises it once made wrongly.
const contents = import.meta.glob<unknown>('../content/*/{faqs,home}.json', { eager: true, import: 'default' });

const broken: Record<string, RegExp> = {
  en: /by genre|genre, |premiere requirements|before the deadline|no deadline slips/i,
  ja: /ジャンル、|プレミア規定|締め切りの当日|締め切りを逃しません/,
  zh: /类型、|首映要求|截止当天|错过截止日期/,
};

describe('FAQ and home texts', () => {
  for (const [path, content] of Object.entries(contents)) {
    const lang = path.split('/')[2];
    it(`${path} promises only filters and reminders the product has`, () => {
      expect(JSON.stringify(content)).not.toMatch(broken[lang]);
    });
  }
  it('has the six files checked', () => expect(Object.keys(contents)).toHaveLength(6));
});

describe('footer copyright line', () => {
  it('is translated in Japanese and Chinese', () => {
    expect(jaCommon.footer.copyright).not.toBe(enCommon.footer.copyright);
    expect(zhCommon.footer.copyright).not.toBe(enCommon.footer.copyright);
    expect(jaCommon.footer.copyright).not.toMatch(/All rights reserved/i);
  });
});
