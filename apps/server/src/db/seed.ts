import { VISITOR_CATEGORY } from '@yuyue/shared';
import { withTenant, type Db, type Tx } from './client.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { listTenants, updateTenant } from '../modules/tenants/tenants.repository.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import {
  findUserByAccount,
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../modules/directory/directory.repository.ts';
import { insertType } from '../modules/resource-types/resource-types.repository.ts';
import { resourcesInput } from '../modules/resources/resources.inputs.ts';
import { ruleTemplateInput } from '../modules/rules/rules.inputs.ts';
import { insertTemplate, replaceRuleLists } from '../modules/rules/rules.repository.ts';
import { parseInput } from '../platform/validation.ts';
import { insertCodes, insertItems, upsertLocation } from '../modules/code-tables/code-tables.repository.ts';
import { updateOverallSettings } from '../modules/visitors/visitors.settings.repository.ts';
import { writeResource, type QrCodeMaker } from '../modules/resources/resources.save.service.ts';

/** The demo tenant's accounts; the README lists them too. */
export const demoAccounts = {
  admin: { account: 'admin', password: 'Admin@123456', name: '系统管理员' },
  user: { account: 'student', password: 'Student@123456', name: '张同学' },
} as const;

/**
 * On an empty database, creates the demo tenant (the super tenant) with an administrator,
 * an ordinary user, a department tree and posts, ready to use. Does nothing otherwise.
 * Returns whether it seeded.
 */
export async function seedDemoTenant(db: Db, options: { qr?: QrCodeMaker } = {}): Promise<boolean> {
  if ((await listTenants(db)).length > 0) return false;
  const { tenant, adminUserId } = await createTenant(
    null,
    db,
    {
      tenant_key: 'demo',
      name: '演示大学',
      name_en: 'Demo University',
      admin_account: demoAccounts.admin.account,
      admin_name: demoAccounts.admin.name,
      admin_password: demoAccounts.admin.password,
    },
    { isSuper: true },
  );
  const userHash = await hashPassword(demoAccounts.user.password);
  await withTenant(db, tenant.id, async (tx) => {
    const root = await insertDepartment(tx, tenant.id, { name: '演示大学', code: 'demo', parent: '' });
    const office = await insertDepartment(tx, tenant.id, { name: '信息化办公室', code: 'it-office', parent: root.id });
    const cs = await insertDepartment(tx, tenant.id, { name: '计算机学院', code: 'cs', parent: root.id });
    const staff = await insertPost(tx, tenant.id, { name: '教职工', code: 'staff' });
    const student = await insertPost(tx, tenant.id, { name: '学生', code: 'student' });
    const admin = await findUserByAccount(tx, tenant.id, demoAccounts.admin.account);
    await insertPosition(tx, tenant.id, { user_id: admin?.id ?? adminUserId, dept_id: office.id, post_id: staff.id });
    const user = await insertUser(tx, tenant.id, {
      account: demoAccounts.user.account,
      name: demoAccounts.user.name,
      username: demoAccounts.user.name,
      email: 'student@demo.edu.cn',
      phone: '13800000000',
      role: 'user',
      password_hash: userHash,
    });
    await insertPosition(tx, tenant.id, { user_id: user.id, dept_id: cs.id, post_id: student.id });
    await seedCodeTables(tx, tenant.id);
    await updateTenant(tx, tenant.id, { initialized_at: new Date() });
  });
  await seedDemoCatalogue(db, tenant.id, options.qr ?? null);
  return true;
}

/**
 * The demo tenant's code tables: campuses, buildings (a tree: each campus a root, its
 * buildings below it, so `item_parent` of a building is its campus code), floors, and the
 * buildings' coordinates. Resources refer to these codes (campus_code 'main', building_code 'gym').
 */
async function seedCodeTables(tx: Tx, tenantId: string): Promise<void> {
  const item = (item_code: string, item_name: string, item_name_en: string, item_index: number, parent = '') => ({
    item_code,
    item_name,
    item_name_en,
    item_index,
    item_description: '',
    item_parent: parent || item_name,
  });
  const campus = await insertCodes(tx, tenantId, {
    code: 'yy_campus',
    name: '校区',
    name_en: 'Campus',
    description: '',
    order: 1,
  });
  await insertItems(tx, tenantId, campus.id, [
    item('main', '主校区', 'Main campus', 1),
    item('east', '东校区', 'East campus', 2),
  ]);
  const building = await insertCodes(tx, tenantId, {
    code: 'yy_building',
    name: '楼宇',
    name_en: 'Building',
    description: '',
    order: 2,
  });
  const buildings = await insertItems(tx, tenantId, building.id, [
    item('main', '主校区', 'Main campus', 1),
    item('gym', '体育馆', 'Gymnasium', 1, 'main'),
    item('admin', '行政楼', 'Administration Building', 2, 'main'),
    item('east', '东校区', 'East campus', 2),
    item('library', '图书馆', 'Library', 1, 'east'),
  ]);
  const floor = await insertCodes(tx, tenantId, {
    code: 'yy_floor',
    name: '楼层',
    name_en: 'Floor',
    description: '',
    order: 3,
  });
  await insertItems(
    tx,
    tenantId,
    floor.id,
    [1, 2, 3, 4, 5].map((n) => item(`${n}F`, `${n}层`, `Floor ${n}`, n)),
  );
  const coordinates: Record<string, [number, number, string, string]> = {
    gym: [39.9988, 116.3165, '主校区体育馆', 'Gymnasium, Main campus'],
    admin: [39.9996, 116.3102, '主校区行政楼', 'Administration Building, Main campus'],
    library: [40.0047, 116.3268, '东校区图书馆', 'Library, East campus'],
  };
  for (const row of buildings) {
    const at = coordinates[row.item_code];
    if (!at) continue;
    await upsertLocation(tx, tenantId, row.id, {
      latitude: at[0],
      longitude: at[1],
      address: at[2],
      address_en: at[3],
    });
  }
}

/** `count` hourly slots from `fromHour`, `hours` long each ("HH:mm"). */
function slots(fromHour: number, count: number, hours = 1) {
  const p = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return Array.from({ length: count }, (_, i) => ({
    kssj: p(fromHour + i * hours),
    jssj: p(fromHour + (i + 1) * hours),
    order: i,
  }));
}

const mainCampus = { campus_code: 'main', campus_name: '主校区', campus_name_en: 'Main campus' };

/**
 * The demo tenant's catalogue: badminton courts (one-hour slots 09:00-21:00, one booking per
 * slot, rules from a template), a meeting room booked in free time, and a gym with 50 places
 * per slot, and two visitor areas (east gate, library) taking 200 visitors a day each, named in
 * the visitor settings. Campus and buildings are plain codes until the code tables hold them. QR codes
 * are made when `qr` is given (the server passes its storage; tests seed without).
 */
export async function seedDemoCatalogue(db: Db, tenantId: string, qr: QrCodeMaker | null): Promise<void> {
  const by = { account: demoAccounts.admin.account, name: demoAccounts.admin.name };
  const discards: (() => Promise<void>)[] = [];
  try {
    await withTenant(db, tenantId, async (tx) => {
      const common = { created_user: by.account, created_user_name: by.name };
      const badminton = await insertType(tx, tenantId, {
        ...common,
        resources_name: '羽毛球场',
        resources_name_en: 'Badminton court',
        resources_tag: '体育场馆',
        resources_tag_en: 'Sports venues',
        cyclicity_enable: '1',
        batch_enable: '1',
        open_captcha_verify: '1',
        open_frequency_verify: '1',
        order: 1,
      });
      const meeting = await insertType(tx, tenantId, {
        ...common,
        resources_name: '会议室',
        resources_name_en: 'Meeting room',
        resources_tag: '会议空间',
        resources_tag_en: 'Meeting spaces',
        cyclicity_enable: '1',
        can_appointment_remark: '1',
        order: 2,
      });
      const gym = await insertType(tx, tenantId, {
        ...common,
        resources_name: '健身房',
        resources_name_en: 'Gym',
        resources_tag: '体育场馆',
        resources_tag_en: 'Sports venues',
        order: 3,
      });
      const template = await insertTemplate(tx, tenantId, {
        ...common,
        template_name: '羽毛球场标准规则',
        template_name_en: 'Badminton court standard rules',
        remark: '每天 21:00 开放 7 天后的场地，每人每片场地每天限约 1 次',
        time_slot_rule: '1',
        appointment_date_rule: '1',
        appointment_date_days: 7,
        days_rule_refresh_time: '21:00',
        min_interval_minutes_cancel: 120,
        open_captcha_verify: '1',
        open_frequency_verify: '1',
        per_max_available_number: 1,
        rule_config: { signin_rule: '1', earliest_deviation_minutes: 15, latest_deviation_minutes: 15 },
      });
      await replaceRuleLists(
        tx,
        tenantId,
        { kind: 'template', id: template.id },
        parseInput(ruleTemplateInput, {
          resourcesTimeSlot: slots(9, 12),
          resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '1', appointment_number_limit: 1 }],
        }),
        by,
      );
      const w = { tenantId, by, qr };
      const gymBuilding = {
        ...mainCampus,
        building_code: 'gym',
        building_name: '体育馆',
        building_name_en: 'Gymnasium',
      };
      for (const n of [1, 2, 3]) {
        const { discard } = await writeResource(
          tx,
          w,
          parseInput(resourcesInput, {
            ...gymBuilding,
            resources_type_id: badminton.id,
            resources_number: `YMQ-0${n}`,
            resources_name: `羽毛球场${n}号`,
            resources_name_en: `Badminton Court ${n}`,
            capacity: 4,
            available_number: 1,
            floor_code: '1F',
            floor_name: '一层',
            floor_name_en: '1st floor',
            order: n,
            rule_source: '1',
            rule_template_id: template.id,
            describe: '<p>标准木地板羽毛球场，请穿运动鞋入场。</p>',
            describe_en: '<p>Standard wooden-floor badminton court; sports shoes required.</p>',
          }),
        );
        discards.push(discard);
      }
      const meetingRoom = await writeResource(
        tx,
        w,
        parseInput(resourcesInput, {
          ...mainCampus,
          building_code: 'admin',
          building_name: '行政楼',
          building_name_en: 'Administration Building',
          floor_code: '3F',
          floor_name: '三层',
          floor_name_en: '3rd floor',
          resources_type_id: meeting.id,
          resources_number: 'XZ-305',
          order: 4,
          resources_name: '行政楼305会议室',
          resources_name_en: 'Administration Building Room 305',
          capacity: 12,
          available_number: 1,
          need_approve: '1',
          rule_source: '0',
          time_slot_rule: '2',
          appointment_date_days: 14,
          resourcesConfig: { pertimeslot_min_minutes: 30, pertimeslot_max_minutes: 240 },
          resourcesWeek: [1, 2, 3, 4, 5].map((d) => ({ zj: String(d), zj_name: '一二三四五'.charAt(d - 1) })),
          resourcesNoReservationConfigList: [
            { rule_type: '4', start_time: '12:00', end_time: '13:30', reason_cn: '午休', reason_en: 'Lunch break' },
          ],
          resourcesExtendedPropertiesList: [
            {
              extended_properties_code: 'facility',
              extended_properties_name: '设施',
              item_code: 'projector',
              item_name: '投影仪',
            },
          ],
        }),
      );
      discards.push(meetingRoom.discard);
      const fitness = await writeResource(
        tx,
        w,
        parseInput(resourcesInput, {
          ...gymBuilding,
          floor_code: '2F',
          floor_name: '二层',
          floor_name_en: '2nd floor',
          resources_type_id: gym.id,
          resources_number: 'JS-01',
          order: 5,
          resources_name: '健身房',
          resources_name_en: 'Fitness centre',
          capacity: 50,
          available_number: 50,
          rule_source: '0',
          time_slot_rule: '1',
          appointment_date_days: 3,
          resourcesTimeSlot: slots(8, 7, 2),
        }),
      );
      discards.push(fitness.discard);
      // visitor areas: campus areas that take visitors, each with a daily quota of 200 people
      const visitorAreaType = await insertType(tx, tenantId, {
        ...common,
        resources_name: '访客区域',
        resources_name_en: 'Visitor areas',
        resources_tag: '访客',
        resources_tag_en: 'Visitors',
        appointment_category: VISITOR_CATEGORY,
        order: 4,
      });
      const areaIds: string[] = [];
      for (const [n, area] of [
        { number: 'FK-01', name: '东门', name_en: 'East gate', building: ['east-gate', '东门', 'East gate'] },
        { number: 'FK-02', name: '图书馆', name_en: 'Library', building: ['library', '图书馆', 'Library'] },
      ].entries()) {
        const written = await writeResource(
          tx,
          w,
          parseInput(resourcesInput, {
            ...mainCampus,
            building_code: area.building[0],
            building_name: area.building[1],
            building_name_en: area.building[2],
            resources_type_id: visitorAreaType.id,
            resources_number: area.number,
            order: 6 + n,
            resources_name: area.name,
            resources_name_en: area.name_en,
            capacity: 200,
            available_number: 200,
            rule_source: '0',
          }),
        );
        discards.push(written.discard);
        areaIds.push(written.row.id);
      }
      await updateOverallSettings(tx, tenantId, { apply_school_resources: areaIds.join(','), mod_user: by.account });
    });
  } catch (err) {
    await Promise.all(discards.map((d) => d()));
    throw err;
  }
}
