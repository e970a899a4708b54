import { describe, expect, it } from 'vitest';
import { groupTypesByTag, type NavType } from './navGroups.ts';

const type = (id: string, name: string, tag: string, nameEn = '', tagEn = ''): NavType => ({
  id,
  resources_name: name,
  resources_name_en: nameEn,
  resources_tag: tag,
  resources_tag_en: tagEn,
});

describe('groupTypesByTag (portal navigation, spec 2.6)', () => {
  const demo = [
    type('b', '羽毛球场', '体育场馆', 'Badminton court', 'Sports venues'),
    type('m', '会议室', '会议空间', 'Meeting room', 'Meeting spaces'),
    type('g', '健身房', '体育场馆', 'Gym', 'Sports venues'),
  ];

  it('makes a menu per tag with several types and a plain entry for a tag with one, in the given order', () => {
    expect(groupTypesByTag(demo, 'zh')).toEqual([
      {
        kind: 'tag',
        key: 'tag:体育场馆',
        label: '体育场馆',
        types: [
          { id: 'b', name: '羽毛球场' },
          { id: 'g', name: '健身房' },
        ],
      },
      { kind: 'type', key: 'type:m', type: { id: 'm', name: '会议室' } },
    ]);
  });

  it('labels tags and types in English, falling back to Chinese where English is missing', () => {
    const entries = groupTypesByTag([...demo, type('x', '报告厅', '会议空间')], 'en');
    expect(entries).toEqual([
      {
        kind: 'tag',
        key: 'tag:体育场馆',
        label: 'Sports venues',
        types: [
          { id: 'b', name: 'Badminton court' },
          { id: 'g', name: 'Gym' },
        ],
      },
      {
        kind: 'tag',
        key: 'tag:会议空间',
        label: 'Meeting spaces',
        types: [
          { id: 'm', name: 'Meeting room' },
          { id: 'x', name: '报告厅' },
        ],
      },
    ]);
  });

  it('keeps types without a tag as plain entries, and handles no types', () => {
    expect(groupTypesByTag([type('a', '教室', ''), type('c', '实验室', '  ')], 'zh')).toEqual([
      { kind: 'type', key: 'type:a', type: { id: 'a', name: '教室' } },
      { kind: 'type', key: 'type:c', type: { id: 'c', name: '实验室' } },
    ]);
    expect(groupTypesByTag([], 'zh')).toEqual([]);
  });

  it('groups by the English tag when a type has no Chinese one', () => {
    const entries = groupTypesByTag([type('p', '', '', 'Pool', 'Water'), type('q', '', '', 'Sauna', 'Water')], 'zh');
    expect(entries).toEqual([
      {
        kind: 'tag',
        key: 'tag:Water',
        label: 'Water',
        types: [
          { id: 'p', name: 'Pool' },
          { id: 'q', name: 'Sauna' },
        ],
      },
    ]);
  });
});
