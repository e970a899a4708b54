import { describe, expect, it } from 'vitest';
import { manageSettingPatch } from './settings.ts';

describe('manageSettingPatch', () => {
  it('accepts the known keys and scalar extra keys', () => {
    const ok = manageSettingPatch.safeParse({
      sys_name: '  北校区预约 ',
      sys_name_en: 'North',
      bilingual: '0',
      theme_color: '#72122D',
      logo: '/yy-sys/api/file/6f1c2a2e-9a57-4b7e-8f43-0a1b2c3d4e5f',
      portal_logo: 'https://cdn.example.edu/logo.png',
      local_menu_mode: 'YES',
      page_title: '',
      custom_flag: true,
      custom_count: 3,
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.sys_name).toBe('北校区预约');
  });

  it.each([
    [{ sys_name: '' }, 'sys_name'],
    [{ sys_name: 'x'.repeat(101) }, 'sys_name'],
    [{ sys_name_en: 'x'.repeat(201) }, 'sys_name_en'],
    [{ bilingual: 'yes' }, 'bilingual'],
    [{ theme_color: 'red' }, 'theme_color'],
    [{ theme_color: '#12345' }, 'theme_color'],
    [{ logo: 'javascript:alert(1)' }, 'logo'],
    [{ logo: '//evil.example/x.png' }, 'logo'],
    [{ logo: `https://a.example/${'x'.repeat(2048)}` }, 'logo'],
    [{ local_menu_mode: 'yes' }, 'local_menu_mode'],
    [{ extra: { nested: 1 } }, 'extra'],
    [{ extra: ['a'] }, 'extra'],
    [{ extra: null }, 'extra'],
    [{ 'bad key!': 'x' }, 'bad key!'],
  ])('refuses %j', (value, path) => {
    const result = manageSettingPatch.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
